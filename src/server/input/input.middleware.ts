import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { findBodyProblem, findUrlProblem, type InputProblem } from './input-guard.ts';

/** The media types Hono's JSON validator reads (application/json, application/*+json). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Refuses control characters in the path, the query and a JSON body, and JSON nested too deep, with
 * one 422 before any route runs. Runs after the idempotency middleware: that one fingerprints a copy
 * of the raw body, and reading the body here first would leave it nothing to copy. Hono keeps the
 * parsed JSON, so the route's validator reuses this one parse.
 */
export const checkedInput = createMiddleware<AppEnv>(async (c, next) => {
  const problem = findUrlProblem(new URL(c.req.url)) ?? (await jsonBodyProblem(c.req));
  if (problem) throw new ApiError('validation_failed', 'api.fields.invalid', { [problem.field]: problem.message });
  await next();
});

async function jsonBodyProblem(req: { header(name: string): string | undefined; json(): Promise<unknown> }): Promise<InputProblem | undefined> {
  const mediaType = (req.header('content-type') ?? '').split(';')[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) return undefined;
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    // Empty or malformed: the route's validator answers it (or the route reads no body at all).
    return undefined;
  }
  return findBodyProblem(body);
}
