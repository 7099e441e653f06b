// A member of the club's staff for the harnesses, made the way a club makes its first one: the command
// line (`npm run operator -- add`) on the server's database, then the console's e-mailed code over HTTP.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OperatorRole } from '../../src/shared/operator-roles.ts';
import type { TestSmtpServer } from '../../src/server/testing/smtp.ts';

const root = join(import.meta.dirname, '..', '..');
const PUBLIC_KEY = 'pk_demo_terrace';

async function post<T>(origin: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(`/api/${path}`, origin), {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${PUBLIC_KEY}` }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 202 ? undefined : await response.json()) as T;
}

/** Runs `npm run operator -- ARGS` on `databaseUrl`; answers what it printed. */
export async function operatorCli(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts', 'operator.ts'), ...args], {
    cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
  });
  return stdout;
}

/** Adds `email` to the staff with `role` and signs it in to the console: answers the operator session token. */
export async function signInOperator(origin: string, smtp: TestSmtpServer, databaseUrl: string, email: string, role: OperatorRole, env: Record<string, string> = {}): Promise<string> {
  await operatorCli(databaseUrl, ['add', email, '--role', role], env);
  await post(origin, 'admin/session/email', { email });
  const code = /\b(\d{6})\b/.exec((await smtp.waitForMessage(email, 10_000)).subject)?.[1];
  if (!code) throw new Error('the console sign-in mail carried no code');
  const { data } = await post<{ data: { token: string } }>(origin, 'admin/session/email/verify', { email, code });
  return data.token;
}
