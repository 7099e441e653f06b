// `npm run perf:prize`: a popular prize costs what a small one does (issue 22, item 4). On the built
// server over a fresh database, it fills one sweepstake with PRIZE_ENTRIES entries (default 100,000) and
// one poll with as many votes, by bulk SQL, next to a sweepstake of 500 entries and a poll of 500 votes
// (enough to fill a page: the pages then show as many lines on both sides);
// then it times, interleaved, a signed-in supporter's sweepstake page (live, then ended), the first page
// of the published entry list and a poll vote on each, and prints the medians and the ratios
// (big / small). Exits 1 when a ratio is above 1.5. SQLite always; PostgreSQL too with TEST_DATABASE_URL
// (or PRIZE_DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { exitCleanlyOnSignals, runScript } from '../harness/cleanup.ts';
import { freePort, startServer, type RunningServer } from '../harness/server.ts';
import { signInSupporter } from '../harness/supporter.ts';
import { checkEachDatabase, type FreshDatabase } from '../harness/fresh-database.ts';
import { createDatabase, isPostgresUrl, type Db } from '../../src/server/db/connection.ts';
import { createSweepstake } from '../../src/server/sweepstakes/sweepstake.service.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../src/server/testing/smtp.ts';

const ENTRIES = Number(process.env['PRIZE_ENTRIES'] ?? 100_000);
/** The small side: enough entries for full pages (200 lines on the page, 500 in the API's first page). */
const SMALL = 500;
/** Timed requests per figure and side (votes: one per supporter signed in). */
const SAMPLES = Number(process.env['PRIZE_SAMPLES'] ?? 25);
const MAX_RATIO = 1.5;
const PREFERRED_PORT = Number(process.env['PERF_PORT'] || 4396);
const HOUR = 3_600_000;

interface Side { sweepstakeId: string; slug: string; pollId: string }

/** `count` supporters (`crowd-<tag>-<n>`), by one statement. */
async function crowd(db: Db, organizationId: string, tag: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into users (id, organization_id, email, created_at, updated_at)
    select ${`crowd-${tag}-`} || i, ${organizationId}, ${`crowd-${tag}-`} || i || '@example.com', ${now}, ${now} from n`.execute(db);
}

/** One entry of one ticket per supporter `<users>1` to `<users><count>`, with opaque hex ids as the server makes them. */
export async function fillSweepstake(db: Db, postgres: boolean, sweepstakeId: string, users: string, count: number): Promise<void> {
  const id = postgres ? sql`substr(md5(random()::text || i::text), 1, 24)` : sql`lower(hex(randomblob(12)))`;
  const holder = postgres ? sql`substr(md5(random()::text || 'h' || i::text), 1, 24)` : sql`lower(hex(randomblob(12)))`;
  const now = new Date().toISOString();
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into sweepstake_entries (id, sweepstake_id, user_id, holder, tickets, points_spent, request_key, ledger_key, refunded_at, created_at)
    select ${id}, ${sweepstakeId}, ${users} || i, ${holder}, 1, 0, 'free', null, null, ${now} from n`.execute(db);
  await db.updateTable('sweepstakes').set({ ticket_count: count }).where('id', '=', sweepstakeId).execute();
}

/**
 * A copy of an open demo poll, with one vote per supporter `<users>1` to `<users><count>` (the crowd by default)
 * and its tally (as votes would have left it).
 */
export async function pollWithVotes(db: Db, template: Record<string, unknown>, tag: string, count: number, users = `crowd-${tag}-`): Promise<string> {
  const pollId = `scale-poll-${tag}-${randomBytes(4).toString('hex')}`;
  await db.insertInto('challenges').values({ ...template, id: pollId, title: `Scale poll ${tag}` } as never).execute();
  const now = new Date().toISOString();
  const options = (JSON.parse(String(template['options'])) as unknown[]).length;
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into challenge_responses (id, user_id, challenge_id, response_index, response_text, created_at)
    select ${`vote-${tag}-`} || i, ${users} || i, ${pollId}, i % ${options}, null, ${now} from n`.execute(db);
  await sql`insert into poll_tallies (challenge_id, response_index, shard, votes)
    select challenge_id, response_index, 0, count(*) from challenge_responses where challenge_id = ${pollId} group by challenge_id, response_index`.execute(db);
  return pollId;
}

async function prepare(db: Db, postgres: boolean): Promise<{ small: Side; big: Side }> {
  const organizationId = (await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
  const template = await db.selectFrom('challenges').selectAll().where('subtype', '=', 'poll')
    .where('expires_on', '>', new Date(Date.now() + HOUR).toISOString()).executeTakeFirstOrThrow();
  const side = async (tag: string, count: number): Promise<Side> => {
    await crowd(db, organizationId, tag, count);
    const slug = `scale-${tag}-${randomBytes(3).toString('hex')}`;
    const row = await createSweepstake(db, {
      organizationId, slug, title: `Scale ${tag}`, description: 'A prize for the measurement.', prize: 'a scarf', prizeValue: 20,
      currency: 'GBP', sponsor: 'Terrace FC', mediaId: null, costPerEntry: 10, maxEntriesPerSupporter: 5, winnerCount: 3,
      startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    });
    await fillSweepstake(db, postgres, row.id, `crowd-${tag}-`, count);
    return { sweepstakeId: row.id, slug, pollId: await pollWithVotes(db, template, tag, count) };
  };
  const started = performance.now();
  const result = { small: await side('small', SMALL), big: await side('big', ENTRIES) };
  if (postgres) await sql`analyze`.execute(db);
  console.log(`filled: ${ENTRIES.toLocaleString('en')} entries and votes (and ${SMALL} of each beside) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}`);
  return ms;
}

/** Small and big alternately, after one untimed request each: both meet the same moment's noise. */
async function compare(label: string, request: (side: 'small' | 'big', i: number) => Promise<number>, samples = SAMPLES): Promise<Figure> {
  await request('small', -1);
  await request('big', -1);
  const times = { small: [] as number[], big: [] as number[] };
  for (let i = 0; i < samples; i += 1) {
    times.small.push(await request('small', i));
    times.big.push(await request('big', i));
  }
  if (process.env['PRIZE_VERBOSE']) console.log(label, JSON.stringify({ small: times.small.map(Math.round), big: times.big.map(Math.round) }));
  return { label, small: median(times.small), big: median(times.big) };
}

interface Figure { label: string; small: number; big: number }

async function measure(database: FreshDatabase, smtp: TestSmtpServer): Promise<Figure[]> {
  const server: RunningServer = await startServer(await freePort(PREFERRED_PORT), smtp.url, { databaseUrl: database.url, timeoutMs: 300_000 });
  const db = createDatabase(database.url);
  try {
    const sides = await prepare(db, isPostgresUrl(database.url));
    const run = randomBytes(3).toString('hex');
    // One supporter per vote and side (a supporter votes once per poll), plus the warm-up's.
    const voters: string[] = [];
    for (let i = 0; i < SAMPLES + 1; i += 1) voters.push((await signInSupporter(server.origin, smtp, `prize.${run}.${i}@example.com`)).token);
    const reader = voters[0]!;
    const page = (token: string) => ({ headers: { cookie: `terrace_session=${token}`, accept: 'text/html' } });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });
    const { origin } = server;

    const figures: Figure[] = [];
    figures.push(await compare('sweepstake page, live (signed in)', (side) => timed(`${origin}/sweepstakes/${sides[side].slug}`, page(reader))));
    figures.push(await compare('poll vote (POST /api/challenge/{id})', (side, i) => timed(`${origin}/api/challenge/${sides[side].pollId}`, {
      method: 'POST', headers: { ...bearer(voters[i + 1]!), 'content-type': 'application/json', origin },
      body: JSON.stringify({ poll: { responseIndex: 0 } }),
    })));

    // Entries close: the first view freezes the list (hashes it, once), every later one reads what it stored.
    await db.updateTable('sweepstakes').set({ ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', 'in', [sides.small.sweepstakeId, sides.big.sweepstakeId]).execute();
    const freeze = await timed(`${origin}/api/sweepstake/${sides.big.sweepstakeId}`, { headers: bearer(reader) });
    console.log(`the freeze of ${ENTRIES.toLocaleString('en')} entries (hash and count, once, on the first view after the end): ${freeze.toFixed(0)} ms`);
    figures.push(await compare('sweepstake page, ended (signed in)', (side) => timed(`${origin}/sweepstakes/${sides[side].slug}`, page(reader))));
    figures.push(await compare('entry list, first page (API, 500 lines)', (side) => timed(`${origin}/api/sweepstake/${sides[side].sweepstakeId}/entries`, { headers: bearer(reader) })));
    return figures;
  } finally {
    await db.destroy();
    await server.stop();
  }
}

function report(name: string, figures: Figure[]): boolean {
  console.log(`\n${name}: median of ${SAMPLES}, ${SMALL} vs ${ENTRIES.toLocaleString('en')} entries / votes`);
  console.log(`${'what'.padEnd(44)} ${'small'.padStart(9)} ${'big'.padStart(9)} ${'ratio'.padStart(6)}`);
  let ok = true;
  for (const f of figures) {
    const ratio = f.big / f.small;
    ok &&= ratio <= MAX_RATIO;
    console.log(`${f.label.padEnd(44)} ${`${f.small.toFixed(1)} ms`.padStart(9)} ${`${f.big.toFixed(1)} ms`.padStart(9)} ${ratio.toFixed(2).padStart(6)}${ratio > MAX_RATIO ? `  OVER ${MAX_RATIO}` : ''}`);
  }
  return ok;
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  if (!Number.isInteger(ENTRIES) || ENTRIES < SMALL) throw new Error(`PRIZE_ENTRIES must be a whole number of at least ${SMALL}`);
  const smtp = await startTestSmtpServer();
  try {
    const ok = await checkEachDatabase('prize', ['PRIZE_DATABASE_URL', 'TEST_DATABASE_URL'], async (database) => report(database.name, await measure(database, smtp)));
    console.log(ok ? `\nprize scale: every ratio within ${MAX_RATIO}` : `\nprize scale: a ratio above ${MAX_RATIO}`);
    return ok ? 0 : 1;
  } finally {
    await smtp.close();
  }
}

if (import.meta.main) runScript(main);
