import { z } from '@hono/zod-openapi';
import type { Hook, RouteConfig } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';
import { ApiError, errorResponse, type ApiText } from './errors.ts';
import { issueText, valueAt } from './input/issue-text.ts';

export { ErrorSchema, type ErrorBody } from './errors.schema.ts';
import { ErrorSchema } from './errors.schema.ts';

/** A route's required JSON request body. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } };
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request',
  401: 'Missing, unknown or expired key or session',
  403: 'Not allowed for this caller',
  404: 'Not found',
  413: 'Body too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  422: 'Invalid input; details has a message per field',
  429: 'Too many requests',
  503: 'Temporarily unavailable',
};

/** OpenAPI response entries for the error answers a route can give. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, {
    description: DESCRIPTIONS[s] ?? 'Error',
    content: { 'application/json': { schema: ErrorSchema } },
  }])) as Record<S, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }>;
}

/** The OpenAPI response entry of a successful answer, `{ "data": … }` in the schema given. */
export function dataResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema: z.object({ data: schema }) } } };
}

/** Turns a failed zod validation into a 422 with one message per field, in the request's language. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return undefined;
  // On a failure the validator hands over what was sent as `data`: it tells a missing field from a wrong one.
  const sent: unknown = 'data' in result ? result.data : undefined;
  const details: Record<string, ApiText> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || result.target;
    details[field] ??= issueText(issue, valueAt(sent, issue.path));
  }
  return errorResponse(c, new ApiError('validation_failed', 'api.fields.invalid', details));
};

/**
 * What a route answers with a status, as its schema says, e.g. `Answer<typeof playRoute, 201>['data']`.
 * For the web app's API modules (type-only imports), where an answer's schema is written inline.
 */
export type Answer<R extends RouteConfig, S extends keyof R['responses']> =
  R['responses'][S] extends { content: { 'application/json': { schema: infer Schema extends z.ZodType } } }
    ? z.output<Schema>
    : never;

/** What a route takes as its JSON body, e.g. `RequestBody<typeof verifyRoute>`. */
export type RequestBody<R extends RouteConfig> =
  R['request'] extends { body?: { content: { 'application/json': { schema: infer Schema extends z.ZodType } } } }
    ? z.input<Schema>
    : never;
