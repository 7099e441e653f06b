import { afterAll, beforeAll, expect } from 'vitest';
import { operatorKey } from '../../testing/operators.ts';
import { createTestApp, headers, signIn, type TestApp } from '../../testing/test-app.ts';

// What the console's media tests share: their app and callers of every kind, a request helper, the audit look-up.

export interface Callers { owner: string; editor: string; support: string; supporter: string }

let n = 0;
export async function callersOf(t: TestApp): Promise<Callers> {
  const [editor, support] = [await operatorKey(t.testDb.db, 'editor'), await operatorKey(t.testDb.db, 'support')];
  const supporter = (await signIn(t, `media-admin-${process.pid}-${(n += 1)}@example.com`)).token;
  return { owner: t.ownerKey, editor, support, supporter };
}

/** The file's app and callers, made before its tests (handed to `ready`) and closed after them. */
export function useConsoleApp(ready: (t: TestApp, who: Callers) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    ready(app, await callersOf(app));
  });
  afterAll(() => app?.close());
}

export async function call(t: TestApp, method: string, path: string, token: string, body?: unknown, language?: string) {
  const res = await t.app.request(`/api${path}`, {
    method, headers: headers(token, language ? { 'Accept-Language': language } : {}), ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The thing's own history, newest first. */
export async function historyOf(t: TestApp, kind: string, id: string) {
  const { status, body } = await call(t, 'GET', `/admin/audit?kind=${kind}&subject=${encodeURIComponent(id)}`, t.ownerKey);
  expect(status).toBe(200);
  return body.data.entries as Array<{ action: string; before: unknown; after: unknown; actor: { role: string } }>;
}

/**
 * Every write refused to support (403), to a supporter (403) and to no one (401); reads refused to a
 * supporter and no one, allowed to support. Nothing of it lands in the audit trail.
 */
export async function expectRefusals(t: TestApp, who: Callers, operations: Array<{ method: string; path: string; body?: unknown }>) {
  for (const { method, path, body } of operations) {
    const writes = method !== 'GET';
    expect((await call(t, method, path, who.supporter, body)).status, `${method} ${path} supporter`).toBe(403);
    expect((await call(t, method, path, 'pk_demo_terrace', body)).status, `${method} ${path} anonymous`).toBe(401);
    const bySupport = await call(t, method, path, who.support, body);
    if (writes) expect(bySupport.status, `${method} ${path} support`).toBe(403);
    else expect([200, 404], `${method} ${path} support`).toContain(bySupport.status);
  }
}

/** Each bad value answers 422 naming its field (in `details`, in the request's language). */
export async function expectFieldRefusals(
  t: TestApp, token: string, method: string, path: string, valid: Record<string, unknown>, bad: Array<[string, unknown]>,
) {
  for (const [field, value] of bad) {
    const body = structuredClone(valid);
    setAt(body, field, value);
    const res = await call(t, method, path, token, body);
    expect(res.status, `${field} = ${JSON.stringify(value)}`).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.details ?? {}), `${field} = ${JSON.stringify(value)}`).toContain(field);
  }
  // The first field's refusal is written in the operator's language.
  const [field, value] = bad[0]!;
  const body = structuredClone(valid);
  setAt(body, field, value);
  const english = (await call(t, method, path, token, body)).body.error.details[field];
  const spanish = (await call(t, method, path, token, body, 'es')).body.error.details[field];
  expect(typeof spanish).toBe('string');
  expect(spanish).not.toBe(english);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const steps = path.split('.');
  let node: Record<string, unknown> = target;
  for (const step of steps.slice(0, -1)) {
    node[step] ??= /^\d+$/.test(steps[steps.indexOf(step) + 1] ?? '') ? [] : {};
    node = node[step] as Record<string, unknown>;
  }
  if (value === undefined) delete node[steps.at(-1)!];
  else node[steps.at(-1)!] = value;
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
