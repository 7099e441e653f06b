// A club at a club's size, built with SQL on PostgreSQL (issue 25's budgets): a million supporters (times
// `scale`) with names, staff among them, thirty million ledger rows over the last year in time order, poll votes
// and sweepstake entries. Used by `npm run perf:reports` and `npm run perf:members`.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { runScript } from '../../tests/harness/cleanup.ts';
import { freshPostgres } from '../../tests/harness/fresh-database.ts';
import { createDatabase, type Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed.ts';

export const SUPPORTERS = 1_000_000;
export const LEDGER_ROWS = 30_000_000;
/** Rows a statement: progress shows, and one statement's memory stays small. */
const BATCH = 2_000_000;
const FIRST_NAMES = ['Ana', 'Ben', 'Carla', 'Diego', 'Elena', 'Femi', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kemi', 'Lucia', 'Marta', 'Nico', 'Omar', 'Paula'];
const LAST_NAMES = ['Garcia', 'Smith', 'Okafor', 'Martin', 'Rossi', 'Novak', 'Silva', 'Khan', 'Jones', 'Moreau', 'Costa', 'Byrne', 'Sato'];

/** An ISO 8601 UTC instant `days` at most before now, at random, as the server writes them. */
const isoWithin = (days: number) => sql`to_char((now() - random() * interval '1 day' * ${days}::float8) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The median time of `samples` runs of `task`, in ms, after one run to warm it. */
export async function medianMs(task: () => Promise<unknown>, samples = 5): Promise<number> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(samples / 2)]!;
}

export async function timed<T>(label: string, task: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await task();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Builds the club into the demo organization of a migrated, seeded database; answers its id. */
export async function buildBigClub(db: Db, scale: number): Promise<string> {
  const org = (await db.selectFrom('organizations').select('id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow()).id;
  const users = Math.max(1_000, Math.round(SUPPORTERS * scale));
  const rows = Math.max(30_000, Math.round(LEDGER_ROWS * scale));
  console.log(`building ${users.toLocaleString('en')} supporters and ${rows.toLocaleString('en')} ledger rows`);
  await timed('supporters', () => sql`insert into users (id, organization_id, email, first_name, last_name, username, properties, points, lifetime_points, created_at, updated_at)
    select 'perf-' || i, ${org}, 'fan' || i || (case when i % 20000 = 0 then '@club.test' else '@fans.example' end),
      (${sql.lit(`{${FIRST_NAMES.join(',')}}`)}::text[])[1 + i % ${FIRST_NAMES.length}], (${sql.lit(`{${LAST_NAMES.join(',')}}`)}::text[])[1 + (i / 7) % ${LAST_NAMES.length}],
      'fan_' || i, '{}', i % 700, i % 700 * 3, ${isoWithin(365)}, ${isoWithin(1)}
    from generate_series(1, ${users}::int) i`.execute(db));
  // The staff: addresses at an internal domain (above) and operators, who must count nowhere.
  await sql`insert into organization_settings (organization_id, key, value) values (${org}, 'internalDomains', 'club.test')
    on conflict (organization_id, key) do update set value = excluded.value`.execute(db);
  await sql`insert into operators (id, organization_id, email, role, invited_by, created_at, updated_at)
    select 'perf-op-' || i, ${org}, 'fan' || (i * 997) || '@fans.example', 'support', null, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
    from generate_series(1, 20) i`.execute(db);

  // The ledger loads fastest without its indexes: dropped here, made again once it is full (same names).
  await sql`alter table ledger_entries drop constraint ledger_entries_pkey, drop constraint ledger_entries_idempotency`.execute(db);
  await sql`drop index ledger_entries_user_time, ledger_entries_time`.execute(db);
  await timed('ledger', async () => {
    for (let start = 1; start <= rows; start += BATCH) {
      const end = Math.min(rows, start + BATCH - 1);
      // Kinds as a club's ledger has them: check-ins most, then challenges, media, spends and the rest.
      await sql`insert into ledger_entries (id, user_id, amount, kind, reference, idempotency_key, balance_after, lifetime_after, created_at)
        select 'l' || i, 'perf-' || (1 + floor(random() * ${users}::int)::int),
          case when i % 20 in (0, 1) then -30 when i % 20 < 10 then 10 else 25 end,
          case when i % 20 in (0, 1) then 'sweepstake_entry' when i % 20 < 10 then 'checkin' when i % 20 < 14 then 'challenge'
            when i % 20 < 17 then 'video_view' when i % 20 < 19 then 'article_read' else 'referral' end,
          -- In time order, as a ledger is written: a day's rows sit together on disk.
          null, 'k' || i, 0, 0, to_char((now() - interval '365 days' * (1 - i::float8 / ${rows}::float8)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from generate_series(${start}::int, ${end}::int) i`.execute(db);
      process.stdout.write(`  ${end.toLocaleString('en')} rows\r`);
    }
  });
  await timed('ledger indexes', async () => {
    await sql`alter table ledger_entries add constraint ledger_entries_pkey primary key (id)`.execute(db);
    await sql`alter table ledger_entries add constraint ledger_entries_idempotency unique (user_id, idempotency_key)`.execute(db);
    await sql`create index ledger_entries_user_time on ledger_entries (user_id, created_at, id)`.execute(db);
    await sql`create index ledger_entries_time on ledger_entries (created_at, id)`.execute(db);
  });
  await timed('votes and entries', async () => {
    const polls = await db.selectFrom('challenges').select(['id', 'options']).where('organization_id', '=', org).where('subtype', 'in', ['poll', 'pickem']).execute();
    for (const poll of polls) {
      const options = (JSON.parse(poll.options) as unknown[]).length;
      await sql`insert into challenge_responses (id, user_id, challenge_id, response_index, response_text, created_at)
        select ${`${poll.id}-`} || i, 'perf-' || i, ${poll.id}, floor(random() * ${options}::int)::int, null, ${isoWithin(20)}
        from generate_series(1, ${users}::int, 3) i`.execute(db);
    }
    const sweepstakes = await db.selectFrom('sweepstakes').select('id').where('organization_id', '=', org).execute();
    for (const sweepstake of sweepstakes) {
      await sql`insert into sweepstake_entries (id, sweepstake_id, user_id, holder, tickets, points_spent, request_key, ledger_key, refunded_at, created_at)
        select ${`${sweepstake.id}-`} || i, ${sweepstake.id}, 'perf-' || i, md5(i::text), 1 + i % 3, 30, 'perf', null, null, ${isoWithin(20)}
        from generate_series(1, ${users}::int, 5) i`.execute(db);
    }
  });
  // VACUUM as autovacuum would by now: it marks the pages all-visible, so the ledger's index answers alone.
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  return org;
}


/**
 * A measuring script over the big club: `--scale` (0 to 1) builds it on a fresh database (dropped after, unless
 * `--keep`) from REPORTS_DATABASE_URL, TEST_DATABASE_URL or the local server; `--measure URL` measures a kept one
 * again. `build` makes the club (by default buildBigClub); `measure` answers whether every budget was met (exit 0)
 * or not (exit 1).
 */
export function runOverBigClub(
  name: string, measure: (db: Db, organizationId: string) => Promise<boolean>,
  build: (db: Db, scale: number) => Promise<string> = buildBigClub,
): void {
  runScript(async () => {
    const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false }, url: { type: 'string' }, measure: { type: 'string' } } });
    if (values.measure) {
      const db = createDatabase(values.measure);
      try {
        await migrateToLatest(db);
        const org = (await db.selectFrom('organizations').select('id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow()).id;
        return (await measure(db, org)) ? 0 : 1;
      } finally {
        await db.destroy();
      }
    }
    const scale = Number(values.scale);
    if (!(scale > 0 && scale <= 1)) throw new Error('--scale is a number above 0, at most 1');
    const adminUrl = values.url ?? process.env['REPORTS_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = await freshPostgres(adminUrl, name);
    const db = createDatabase(database.url);
    try {
      await migrateToLatest(db);
      await seedDemo(db);
      const org = await build(db, scale);
      return (await measure(db, org)) ? 0 : 1;
    } finally {
      await db.destroy();
      if (values.keep) console.log(`kept ${database.url}`);
      else await database.drop();
    }
  });
}
