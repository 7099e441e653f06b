// A signed-in supporter for the measurements, made the way a supporter is made: the e-mailed code
// (caught by a real SMTP server), the membership choice and the welcome, all through the HTTP API.
import type { TestSmtpServer } from '../../src/server/testing/smtp.ts';

const PUBLIC_KEY = 'pk_demo_terrace';
const json = { 'content-type': 'application/json', accept: 'application/json' };

export interface Supporter {
  /** The value of the web app's `terrace_session` cookie. */
  token: string;
  /** Pages a supporter spends their time on: the dashboard and one challenge of each island type. */
  paths: string[];
}

async function call<T = unknown>(origin: string, path: string, bearer: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(`/api/${path}`, origin), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...json, authorization: `Bearer ${bearer}`, origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 202 ? undefined : await response.json()) as T;
}

/** `email` must be new to the server's database, so that each caller gets a supporter of its own. */
export async function signInSupporter(origin: string, smtp: TestSmtpServer, email = `perf.${Date.now()}@example.com`): Promise<Supporter> {
  await call(origin, 'session/email', PUBLIC_KEY, { email });
  const code = /\b(\d{6})\b/.exec((await smtp.waitForMessage(email, 10_000)).subject)?.[1];
  if (!code) throw new Error('the sign-in mail carried no code');
  const { data: { token } } = await call<{ data: { token: string } }>(origin, 'session/email/verify', PUBLIC_KEY, { email, code });
  await call(origin, 'membership/choose', token, { membership: 'entry' });
  await call(origin, 'user/me/welcome', token, {});
  const { data: challenges } = await call<{ data: Array<{ challengeId: string; subtype: string; completed: boolean }> }>(origin, 'challenge', token);
  const open = (subtype: string) => challenges.find((c) => c.subtype === subtype && !c.completed)?.challengeId;
  const pages: Array<[string, string]> = [['poll', 'polls'], ['pickem', 'pickems'], ['trivia', 'quizzes'], ['arcade', 'arcade']];
  const paths = ['/dashboard', ...pages.flatMap(([subtype, slug]) => {
    const id = open(subtype);
    return id ? [`/challenges/${slug}/${id}`] : [];
  })];
  return { token, paths };
}
