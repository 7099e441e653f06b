// `npm run fuzz`: the API's own fuzz. Starts the built server (building first if the sources changed) on
// a fresh SQLite file, and on a fresh PostgreSQL database too when FUZZ_DATABASE_URL or TEST_DATABASE_URL
// is set; signs supporters in through the mailed code; reads /api/openapi.json and sends every operation
// known-hostile and generated requests (fast-check, FUZZ_RUNS per operation, from FUZZ_SEED), with no key,
// the public key, sessions and the operator token; then the pages, then raw HTTP. Exits 1 on any 5xx or
// any request left without an answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitCleanlyOnSignals, runScript } from '../harness/cleanup.ts';
import { root, startServer } from '../harness/server.ts';
import { portFromEnv } from '../harness/ports.ts';
import { checkEachDatabase, type FreshDatabase } from '../harness/fresh-database.ts';
import { prepareFixtures } from './fixtures.ts';
import { closeConnections, type FuzzRequest, send } from '../harness/http.ts';
import { CaseMaker } from './cases.ts';
import { endsSession, readOperations } from './operations.ts';
import { pageCases, readPages } from './pages.ts';
import { inPool } from '../harness/pool.ts';
import { earlyAnswerThenNext, rawCases, rawExchange } from './raw.ts';
import { Tally } from './tally.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';

const RUNS = wholeNumber('FUZZ_RUNS', 100);
const SEED = wholeNumber('FUZZ_SEED', 20_261_122);
const CONCURRENCY = wholeNumber('FUZZ_CONCURRENCY', 8);
const LOG_DIR = join(root, 'test-results', 'fuzz');
/** FUZZ_DATABASE=sqlite or postgres fuzzes that one only (`npm test` runs each in its own lane). */
const ONLY = onlyDatabase(process.env['FUZZ_DATABASE']);

function onlyDatabase(value: string | undefined): FreshDatabase['name'] | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'sqlite' || value === 'postgres') return value;
  throw new Error('FUZZ_DATABASE must be sqlite or postgres');
}

function wholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/** A seed per operation, so adding an operation does not change what the others are sent. */
function seedFor(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash;
}

interface Summary {
  database: string;
  requests: number;
  /** Distinct findings: 5xx, requests without an answer, protected pages served anonymously. */
  serverErrors: number;
  unanswered: number;
  violations: number;
}
const summaries: Summary[] = [];

async function fuzz(database: FreshDatabase): Promise<boolean> {
  console.log(`\n=== ${database.name} ===`);
  const smtp = await startTestSmtpServer();
  // FUZZ_PORT when `npm test` names one, else a free port: two fuzz runs at once never share one.
  const port = await portFromEnv('FUZZ_PORT');
  // Building (when the sources changed) happens inside start.ts, hence the long first wait.
  const server = await startServer(port, smtp.url, { databaseUrl: database.url, timeoutMs: 300_000 });
  const tally = new Tally();
  const started = Date.now();
  try {
    const fixtures = await prepareFixtures(server.origin, smtp, database.url);
    const doc = await (await fetch(`${server.origin}/api/openapi.json`)).json();
    const operations = readOperations(doc).sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    const maker = new CaseMaker(fixtures, { components: doc.components?.schemas ?? {}, known: fixtures.known });
    console.log(`${operations.length} operations; ${fixtures.credentials.length} callers; ${fixtures.challengeIds.length} challenges, `
      + `${fixtures.consentIds.length} consent ids, ${fixtures.tiers.length} tiers; FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED}`);

    const run = (group: string, cases: FuzzRequest[]) =>
      inPool(cases, CONCURRENCY, async (req) => tally.record(req, await send(server.origin, req), group));

    // Pages and raw HTTP first: the API cases end with signing the supporter out.
    const pages = pageCases(readPages(join(root, 'src', 'pages')), fixtures, server.origin);
    await run('page', pages);
    const lap = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    console.log(`pages: ${pages.length} requests (${lap()})`);

    const session = fixtures.supporter.headers['authorization']!.replace(/^Bearer /, '');
    const raw = rawCases(server.origin, session);
    await inPool(raw, CONCURRENCY, async (c) => {
      const result = await rawExchange(server.origin, c.bytes, c.method === 'HEAD');
      const req = { method: c.method, path: c.path, label: c.label, kind: c.label };
      tally.record(req, result.ok
        ? { kind: 'answer', status: result.answer.status, sample: result.answer.body.slice(0, 300), ms: result.ms }
        : { kind: 'none', reason: result.reason, ms: result.ms }, 'raw');
    });
    // Signing out would end the session the API cases need: that one is sent without it.
    const early = operations.filter((op) => op.method !== 'GET' || !op.pathParams.length).flatMap((op) =>
      [[], ['Authorization: Bearer pk_demo_terrace'], ...(endsSession(op) ? [] : [[`Authorization: Bearer ${session}`]])].map((headers) => ({ op, headers })));
    // Mostly waiting (a stalled connection takes its full 3 s): more at once.
    await inPool(early, CONCURRENCY * 4, async ({ op, headers }) => {
      const path = `/api${op.path.replace(/\{\w+\}/g, 'x')}`;
      const req = { method: op.method, path, route: `/api${op.path}`, kind: `1 MB body answered early, then a 2nd request (${headers[0]?.slice(0, 28) ?? 'no key'})`, label: `1 MB body answered early (${headers[0]?.slice(0, 32) ?? 'no key'}), then GET /api/health on the same connection` };
      const { first, second } = await earlyAnswerThenNext(server.origin, op.method, path, headers);
      tally.record(req, first.ok ? { kind: 'answer', status: first.answer.status, sample: first.answer.body.slice(0, 300), ms: first.ms } : { kind: 'none', reason: first.reason, ms: first.ms }, 'keep-alive');
      if (second && !second.ok) tally.recordUnanswered(req, `the next request on that connection: ${second.reason}`, 'keep-alive');
    });
    console.log(`raw HTTP: ${raw.length} requests; early answers on keep-alive: ${early.length} connections (${lap()})`);

    let apiRequests = 0;
    for (const op of operations) {
      const cases = [...maker.fixed(op), ...maker.generated(op, RUNS, seedFor(`${op.method} ${op.path}`))];
      apiRequests += cases.length;
      await run('api', cases);
    }
    console.log(`API: ${apiRequests} requests over ${operations.length} operations (${lap()})`);

    // The server must still be up and answering after all that.
    const health = await send(server.origin, { method: 'GET', path: '/api/health', label: 'health after the fuzz' });
    tally.record({ method: 'GET', path: '/api/health', label: 'health after the fuzz' }, health, 'final');
    if (health.kind !== 'answer' || health.status !== 200) tally.recordUnanswered({ method: 'GET', path: '/api/health', label: 'health after the fuzz' }, 'the server is not healthy after the fuzz', 'final');
  } finally {
    closeConnections();
    mkdirSync(LOG_DIR, { recursive: true });
    writeFileSync(join(LOG_DIR, `server-${database.name}.log`), server.log());
    writeFileSync(join(LOG_DIR, `requests-${database.name}.tsv`), `${tally.journal.join('\n')}\n`);
    await server.stop();
    await smtp.close();
  }
  tally.print(`${database.name}`, (Date.now() - started) / 1000);
  summaries.push({
    database: database.name, requests: tally.requests,
    serverErrors: tally.serverErrors.size, unanswered: tally.unanswered.size, violations: tally.violations.size,
  });
  console.log(`  server log and every request with its answer: ${LOG_DIR}/{server,requests}-${database.name}.*`);
  return !tally.failed;
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  const ok = await checkEachDatabase('fuzz', ['FUZZ_DATABASE_URL', 'TEST_DATABASE_URL'], fuzz, ONLY);
  console.log(ok ? '\nfuzz: no 5xx, every request answered' : '\nfuzz: FAILED (see the 5xx and unanswered requests above)');
  // For `npm test`'s summary.
  const report = process.env['FUZZ_REPORT'];
  if (report) writeFileSync(report, JSON.stringify({ ok, databases: summaries }, null, 2));
  return ok ? 0 : 1;
}

runScript(main);
