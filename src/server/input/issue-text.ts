import type { z } from '@hono/zod-openapi';
import { isApiMessageKey, msg, type ApiText } from '../api-text.ts';

type Issue = z.core.$ZodIssue;

const DATE_FORMATS = new Set(['date', 'datetime', 'iso_date', 'iso_datetime']);

/**
 * What a field is told about a failed zod check, as a message key: the schema's own message when it
 * names one (schemas write keys, e.g. `.max(30, 'api.profile.usernameLength')`), else one by the
 * kind of issue. zod's own English never reaches a supporter. `value` is what was sent at the
 * issue's path (undefined: the field is missing).
 */
export function issueText(issue: Issue, value: unknown): ApiText {
  const bounds = {
    ...('maximum' in issue ? { max: Number(issue.maximum) } : {}),
    ...('minimum' in issue ? { min: Number(issue.minimum) } : {}),
  };
  if (isApiMessageKey(issue.message)) return Object.keys(bounds).length ? msg(issue.message, bounds) : issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined || value === null) return 'api.field.required';
      return issue.expected === 'int' && typeof value === 'number' ? 'api.field.wholeNumber' : 'api.field.wrongType';
    case 'too_big':
      if (issue.origin === 'string') return msg('api.field.tooLong', bounds);
      if (issue.origin === 'array' || issue.origin === 'set') return msg('api.field.tooMany', bounds);
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' ? msg('api.field.tooHigh', bounds) : 'api.field.invalid';
    case 'too_small':
      if (issue.origin === 'string') return value === '' ? 'api.field.required' : msg('api.field.tooShort', bounds);
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint' ? msg('api.field.tooLow', bounds) : 'api.field.invalid';
    case 'invalid_format':
      if (issue.format === 'email') return 'api.field.email';
      return DATE_FORMATS.has(issue.format) ? 'api.field.date' : 'api.field.format';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'unrecognized_keys':
      return value === undefined ? 'api.field.required' : 'api.field.notAllowed';
    default:
      return 'api.field.invalid';
  }
}

/** The value at a zod issue's path in what was sent (undefined where the path leads nowhere). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}
