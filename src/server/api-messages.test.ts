import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api/client.ts';
import { readApiProblem } from '../lib/api/errors.ts';
import en from '../shared/i18n/messages/en.ts';
import es from '../shared/i18n/messages/es.ts';
import { translator } from '../shared/i18n/translate.ts';
import { errorResponse, InsufficientPointsError } from './errors.ts';
import { createTestApp, headers, requestCode, signIn, type TestApp } from './testing/test-app.ts';

// The same refusal, answered in the language the request asks for (Accept-Language), English by default.

let t: TestApp;
let token: string;
let closedPoll: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, 'lingua@example.com')).token;
  closedPoll = (await t.testDb.db.selectFrom('challenges').select('id').where('title', '=', 'Goal of the Season 2025/26').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const SPANISH = { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' };
const call = (path: string, init: { method?: string; body?: unknown; token?: string; language?: Record<string, string> } = {}) =>
  t.app.request(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: headers(init.token ?? token, init.language ?? {}),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string; details?: Record<string, string> };

describe(`API messages in the request's language (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('refuses a closed challenge in English, and in Spanish when asked, with the same code', async () => {
    const vote = (language?: Record<string, string>) =>
      call(`/challenge/${closedPoll}`, { method: 'POST', body: { poll: { responseIndex: 0 } }, ...(language ? { language } : {}) });
    const english = await vote();
    expect(english.status).toBe(422);
    expect(await errorOf(english)).toMatchObject({ code: 'challenge_closed', message: 'This challenge has closed.' });
    const spanish = await vote(SPANISH);
    expect(spanish.status).toBe(422);
    expect(await errorOf(spanish)).toMatchObject({ code: 'challenge_closed', message: 'Este reto ya ha cerrado.' });
    // A language the app does not have gets English.
    expect((await errorOf(await vote({ 'Accept-Language': 'fr-FR, de;q=0.8' }))).message).toBe('This challenge has closed.');
  });

  it('says what is wrong with each field in the language asked for', async () => {
    const patch = (language?: Record<string, string>) =>
      call('/user/me', { method: 'PATCH', body: { birthday: '2099-01-01', username: 'x' }, ...(language ? { language } : {}) });
    const english = await errorOf(await patch());
    expect(english).toMatchObject({ code: 'validation_failed', message: 'Some fields are not valid.' });
    expect(english.details).toEqual({ birthday: 'Enter a date between 1900 and today.', username: 'Usernames have 3 to 30 characters.' });
    const spanish = await errorOf(await patch(SPANISH));
    expect(spanish).toMatchObject({ code: 'validation_failed', message: 'Algunos campos no son válidos.' });
    expect(spanish.details).toEqual({ birthday: 'Escribe una fecha entre 1900 y hoy.', username: 'Los nombres de usuario tienen de 3 a 30 caracteres.' });
  });

  it("turns zod's own checks into messages of ours: missing, not an e-mail, too long, not a whole number", async () => {
    const missing = await errorOf(await call('/session/email', { method: 'POST', body: {}, language: SPANISH }));
    expect(missing.details).toEqual({ email: 'Este campo es obligatorio.' });
    const notEmail = await errorOf(await call('/session/email', { method: 'POST', body: { email: 'nope' }, language: SPANISH }));
    expect(notEmail.details).toEqual({ email: 'Escribe una dirección de correo válida.' });
    const tooLong = await errorOf(await call(`/challenge/${closedPoll}`, { method: 'POST', body: { input: { response: 'a'.repeat(10_001) } } }));
    expect(tooLong.details).toEqual({ 'input.response': 'Use at most 10,000 characters.' });
    const tooLongEs = await errorOf(await call(`/challenge/${closedPoll}`, {
      method: 'POST', body: { input: { response: 'a'.repeat(10_001) } }, language: SPANISH,
    }));
    expect(tooLongEs.details).toEqual({ 'input.response': 'Usa como máximo 10.000 caracteres.' });
    const fraction = await errorOf(await call(`/challenge/${closedPoll}`, { method: 'POST', body: { poll: { responseIndex: 1.5 } } }));
    expect(fraction.details).toEqual({ 'poll.responseIndex': 'Use a whole number.' });
  });

  it('counts the minutes of a rate limit in the language asked for', async () => {
    const send = (language?: Record<string, string>) =>
      call('/session/email', { method: 'POST', token: 'pk_demo_terrace', body: { email: 'limited@example.com' }, ...(language ? { language } : {}) });
    for (let i = 0; i < 4; i += 1) expect((await send()).status).toBe(202);
    const english = await send();
    expect(english.status).toBe(429);
    expect(await errorOf(english)).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Wait 60 minutes and try again.' });
    const spanish = await send(SPANISH);
    expect(await errorOf(spanish)).toMatchObject({ code: 'rate_limited', message: 'Demasiados intentos. Espera 60 minutos y vuelve a intentarlo.' });
  });

  it('says how many tries a sign-in code has left, with the plural of the language', async () => {
    const email = 'tries@example.com';
    const code = await requestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = async (language: Record<string, string>) => errorOf(await call('/session/email/verify', {
      method: 'POST', token: 'pk_demo_terrace', body: { email, code: wrong }, language,
    }));
    const tries = [await verify({}), await verify(SPANISH), await verify(SPANISH), await verify({ 'Accept-Language': 'es' })];
    expect(tries.map((e) => e.message)).toEqual([
      'That code is not right. 4 tries left.',
      'Ese código no es correcto. Te quedan 3 intentos.',
      'Ese código no es correcto. Te quedan 2 intentos.',
      'Ese código no es correcto. Te queda 1 intento.',
    ]);
    expect(tries[3]!.details).toEqual({ code: 'Ese código no es correcto. Te queda 1 intento.' });
  });

  it('refuses a spend over the balance in either language (insufficient points)', async () => {
    const app = new Hono().get('/spend/:n', (c) => { throw new InsufficientPointsError(Number(c.req.param('n'))); });
    app.onError((error, c) => errorResponse(c, error));
    const spend = async (n: number, language = '') =>
      (await app.request(`/spend/${n}`, { headers: language ? { 'Accept-Language': language } : {} })).json();
    expect((await spend(50)).error).toMatchObject({ code: 'insufficient_points', message: 'You need 50 points for this and do not have enough yet.' });
    expect((await spend(1)).error.message).toBe('You need 1 point for this and do not have enough yet.');
    expect((await spend(50, 'es')).error).toMatchObject({
      code: 'insufficient_points', message: 'Necesitas 50 puntos para esto y todavía no tienes suficientes.',
    });
    expect((await spend(12_500, 'es')).error.message).toBe('Necesitas 12.500 puntos para esto y todavía no tienes suficientes.');
  });

  it("reaches the web app's client in the page's language: it sends Accept-Language", async () => {
    const client = (language?: string) => createApiClient({
      prefix: 'http://in-process/api', organizationKey: 'pk_demo_terrace', sessionToken: token, language,
      fetch: async (input, init) => t.app.fetch(input instanceof Request ? input : new Request(input, init)),
      logger: { error() {}, warn() {} },
    });
    const vote = (language?: string) => client(language).http.post(`challenge/${closedPoll}`, { json: { poll: { responseIndex: 0 } } }).json();
    const spanish = await readApiProblem(await vote('es').catch((error: unknown) => error));
    expect(spanish).toMatchObject({ status: 422, code: 'challenge_closed', message: 'Este reto ya ha cerrado.' });
    const english = await readApiProblem(await vote().catch((error: unknown) => error));
    expect(english.message).toBe('This challenge has closed.');
  });

  it('gives an answer without the API shape the generic message of the page, when the caller passes its t', async () => {
    const failing = createApiClient({
      prefix: 'http://api.test/api', organizationKey: 'pk', logger: { error() {}, warn() {} },
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const failure = await failing.http.get('x').json().catch((error: unknown) => error);
    expect((await readApiProblem(failure, translator(es, 'es'))).message).toBe('Algo ha salido mal. Inténtalo de nuevo.');
    expect((await readApiProblem(failure, translator(en, 'en'))).message).toBe('Something went wrong. Please try again.');
    expect((await readApiProblem(failure)).message).toBe('');
  });
});

describe('message keys the server uses', () => {
  const ROOT = join(import.meta.dirname, '..');
  const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
  const files = [...sources(join(ROOT, 'server')), ...sources(join(ROOT, 'lib', 'api')), join(ROOT, 'middleware.ts')];
  const used = new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'(api\.[A-Za-z]+(?:\.[A-Za-z]+)*)'/g)].map((m) => m[1]!)));
  const defines = (table: Record<string, string>, key: string) => key in table || `${key}_other` in table;

  it('are found (the scan is not vacuous)', () => {
    expect(used.size).toBeGreaterThan(100);
    expect(used).toContain('api.challenge.notFound');
  });

  it('each exist in English and Spanish', () => {
    const missing = [...used].filter((key) => !defines(en, key) || !defines(es, key));
    expect(missing).toEqual([]);
  });

  it("keep the spec's error text for an unknown challenge", () => {
    expect(en['api.challenge.notFound']).toBe('Challenge not found');
  });
});
