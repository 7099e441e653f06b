// The callers and the real ids the fuzz uses: supporters signed in through the mailed code (one adult,
// one under 18), the public key, an owner signed in to the console, and ids listed from the API itself, so that
// generated requests reach the handlers behind the id lookups.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { signInOperator } from '../harness/operator.ts';
import { signInSupporter } from '../harness/supporter.ts';
import type { TestSmtpServer } from '../../src/server/testing/smtp.ts';

export const PUBLIC_KEY = 'pk_demo_terrace';

export interface Credential {
  name: string;
  headers: Record<string, string>;
}

export interface Fixtures {
  credentials: Credential[];
  /** The adult supporter's bearer, for the cases that need a caller who gets past authentication. */
  supporter: Credential;
  admin: Credential;
  /** Real values by field or parameter name (`id` depends on the path: see idsFor). */
  known: Map<string, string[]>;
  challengeIds: string[];
  consentIds: string[];
  tiers: string[];
  mediaNames: string[];
  /** A real PNG, for uploads that pass. */
  png: Buffer;
}

async function call<T>(origin: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const response = await fetch(new URL(`/api/${path}`, origin), {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /api/${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function prepareFixtures(origin: string, smtp: TestSmtpServer, databaseUrl: string): Promise<Fixtures> {
  const run = randomBytes(4).toString('hex');
  const adultEmail = `fuzz.adult.${run}@example.com`;
  const adult = await signInSupporter(origin, smtp, adultEmail);
  const minor = await signInSupporter(origin, smtp, `fuzz.minor.${run}@example.com`);
  const tenYearsAgo = new Date(Date.now() - 10 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  await call(origin, 'PATCH', 'user/me', bearer(minor.token), { birthday: tenYearsAgo });
  // Without a birthday the under-18 rules apply: the adult gives one, so the adult paths are fuzzed too.
  await call(origin, 'PATCH', 'user/me', bearer(adult.token), { birthday: '1990-05-17' });

  const supporter = { name: 'supporter', headers: bearer(adult.token) };
  // The admin operations are fuzzed as an owner in a console session (everything is open to one).
  const admin = { name: 'operator', headers: bearer(await signInOperator(origin, smtp, databaseUrl, `fuzz.owner.${run}@club.test`, 'owner')) };
  const credentials: Credential[] = [
    { name: 'no key', headers: {} },
    { name: 'public key', headers: bearer(PUBLIC_KEY) },
    supporter,
    // The web app's way: the session in its cookie, which /api turns into the bearer.
    { name: 'session cookie', headers: { cookie: `terrace_session=${adult.token}` } },
    { name: 'under-18 supporter', headers: bearer(minor.token) },
    admin,
  ];

  type Challenge = { challengeId: string; subtype: string; challengeType: { questions: Array<{ questionId: string }> } | null };
  const { data: challenges } = await call<{ data: Challenge[] }>(origin, 'GET', 'challenge', supporter.headers);
  const { data: consents } = await call<{ data: Array<{ id: string; consentId: string }> }>(origin, 'GET', 'consent/user', supporter.headers);
  const { data: tiers } = await call<{ data: Array<{ slug: string }> }>(origin, 'GET', 'membership/tiers', supporter.headers);
  const { data: referral } = await call<{ data: { code: string } }>(origin, 'GET', 'rewards/referral', supporter.headers);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a7' } }).png().toBuffer();
  const { data: upload } = await call<{ data: { name: string } }>(origin, 'POST', 'media', { ...supporter.headers, 'content-type': 'image/png' }, png);
  const tickets: string[] = [];
  for (const arcade of challenges.filter((c) => c.subtype === 'arcade')) {
    const answer = await call<{ data: { ticket?: string } }>(origin, 'POST', `challenge/${arcade.challengeId}/play`, supporter.headers).catch(() => undefined);
    if (answer?.data.ticket) tickets.push(answer.data.ticket);
  }

  const consentIds = [...new Set(consents.flatMap((c) => [c.id, c.consentId]))];
  const known = new Map<string, string[]>([
    ['questionId', challenges.flatMap((c) => c.challengeType?.questions.map((q) => q.questionId) ?? [])],
    ['consentId', consentIds],
    ['membership', tiers.map((t) => t.slug)],
    ['name', [upload.name]],
    ['ticket', tickets],
    ['email', [adultEmail, `new.${run}@example.com`]],
    ['referralCode', [referral.code]],
    ['code', ['000000', '123456']],
  ]);
  return {
    credentials, supporter, admin, known, png,
    challengeIds: challenges.map((c) => c.challengeId),
    consentIds, tiers: tiers.map((t) => t.slug), mediaNames: [upload.name],
  };
}

/** Real values for a path parameter, by the resource the path names. */
export function idsFor(path: string, param: string, fixtures: Fixtures): string[] {
  if (param === 'membership') return fixtures.tiers;
  if (param === 'name') return fixtures.mediaNames;
  if (path.startsWith('/consent')) return fixtures.consentIds;
  if (path.includes('challenge')) return fixtures.challengeIds;
  return [];
}
