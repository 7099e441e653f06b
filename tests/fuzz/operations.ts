// The API's operations as its OpenAPI document lists them (the requests they get are in cases.ts).
import type { Schema } from './schema.ts';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema: Schema;
}

export interface Operation {
  method: string;
  /** As the document has it, below /api: `/challenge/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** Content type and schema of the body, when the operation takes one. */
  body?: { type: string; schema: Schema };
  admin: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: Array<Record<string, unknown>> }>>;
  components?: { schemas?: Record<string, Schema> };
}

export function readOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => {
    const [type, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
    return {
      method: method.toUpperCase(), path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
      ...(type && content ? { body: { type, schema: content.schema } } : {}),
      admin: (op.security ?? []).some((s) => 'admin' in s),
    };
  }));
}

/**
 * Signing out ends the session every other case uses, and changing or removing an operator may take the
 * fuzzing owner's own role: those operations go last.
 */
export const endsSession = (op: Operation) =>
  (op.method === 'DELETE' && (op.path === '/session' || op.path === '/admin/session')) || (op.method === 'POST' && op.path === '/session/sign-out')
  || (op.path === '/admin/operators/{id}' && op.method !== 'GET');
