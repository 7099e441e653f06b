import { msg, type ApiText } from '../api-text.ts';

/**
 * Checks every string a request carries, once, before any route sees it: PostgreSQL refuses a NUL
 * in text (a 500 before this guard), and no name, id or answer needs a control character. Free
 * text in JSON bodies keeps tab, line feed and carriage return. The same walk bounds nesting, so
 * no validator or JSON.stringify recurses deep enough to overflow the stack.
 */

/** Levels of objects and arrays a JSON body may nest: far more than any operation needs. */
export const MAX_JSON_DEPTH = 32;

/** C0 controls, DEL and C1 controls: never in a path, a query, a field name or an id. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab, line feed and carriage return, which free text (feedback) may hold. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Field names that would reach an object's prototype if a handler ever copied them by assignment. */
const PROTOTYPE_KEYS = new Set(['__proto__']);
const MAX_FIELD_LENGTH = 200;

/** `message` is what the field is told, answered in the request's language. */
export type InputProblem = { field: string; message: ApiText };

function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}

/** The first problem in the URL's decoded path segments and query, or undefined. */
export function findUrlProblem(url: URL): InputProblem | undefined {
  for (const segment of url.pathname.split('/')) {
    if (hasControlCharacter(decodeSegment(segment))) return { field: 'path', message: 'api.input.controlInPath' };
  }
  for (const [key, value] of url.searchParams) {
    if (hasControlCharacter(key) || hasControlCharacter(value)) return { field: fieldName(key), message: 'api.input.control' };
  }
  return undefined;
}

/**
 * The first problem in a parsed JSON body, or undefined. Iterative (an explicit stack), and it
 * never descends past MAX_JSON_DEPTH, so no body can make it overflow.
 */
export function findBodyProblem(body: unknown): InputProblem | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: '' }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth, path } = next;
    const field = fieldName(path || 'json');
    if (typeof value === 'string') {
      if (CONTROL_IN_TEXT.test(value)) return { field, message: 'api.input.controlInText' };
      continue;
    }
    // JSON has no Infinity: 1e309 parses to it, and would be stored as null.
    if (typeof value === 'number' && !Number.isFinite(value)) return { field, message: 'api.input.numberTooLarge' };
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { field, message: msg('api.input.tooDeep', { depth: MAX_JSON_DEPTH }) };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value as Record<string, unknown>);
    for (const [key, item] of entries) {
      const itemPath = path ? `${path}.${key}` : String(key);
      if (typeof key === 'string') {
        if (hasControlCharacter(key)) return { field: fieldName(itemPath), message: 'api.input.controlInName' };
        if (PROTOTYPE_KEYS.has(key)) return { field: fieldName(itemPath), message: msg('api.input.reservedName', { name: key }) };
      }
      stack.push({ value: item, depth: depth + 1, path: itemPath });
    }
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (%ZZ) is not a control character; the router answers it as it is.
    return segment;
  }
}

/** Field names are echoed in the answer: a hostile one is cut and shown without its controls. */
function fieldName(path: string): string {
  const shown = path.replace(new RegExp(CONTROL.source, 'g'), '?');
  return shown.length > MAX_FIELD_LENGTH ? `${shown.slice(0, MAX_FIELD_LENGTH)}…` : shown;
}
