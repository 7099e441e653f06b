// `npm run perf:console`: a console content list of 10,000 items answers its first page in under 100 ms on
// PostgreSQL (issue 24's budget). On a fresh PostgreSQL database (TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; a database of its own beside it, dropped after), migrated and
// seeded, it adds CONSOLE_ITEMS challenges (default 10,000: drafts, archived, scheduled, live and ended ones)
// by one statement, then times GET /api/admin/challenges through the API in this process (createApp, an
// owner's API key): the first page, and for information a search and a status. Prints the medians and the
// ratio to the budget; exits 1 when the first page's median is over it.
import { sql } from 'kysely';
import { exitCleanlyOnSignals, onInterrupt, runScript } from '../harness/cleanup.ts';
import { freshPostgres } from '../harness/fresh-database.ts';

const ITEMS = Number(process.env['CONSOLE_ITEMS'] ?? 10_000);
const SAMPLES = Number(process.env['CONSOLE_SAMPLES'] ?? 21);
const WARM_UP = 5;
const BUDGET_MS = 100;
const ADMIN_URL = process.env['TEST_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  // The API logs each use of an API key: quiet unless asked, so the figures stand out (read when the log loads).
  process.env['LOG_LEVEL'] ??= 'warn';
  const { createApp } = await import('../../src/server/app.ts');
  const { createDatabase } = await import('../../src/server/db/connection.ts');
  const { migrateToLatest } = await import('../../src/server/db/migrate.ts');
  const { seedDemo } = await import('../../src/server/db/seed.ts');
  const { createMailer } = await import('../../src/server/mail/mailer.ts');
  const { operatorKey } = await import('../../src/server/testing/operators.ts');
  const database = await freshPostgres(ADMIN_URL, 'console');
  const forget = onInterrupt(() => database.drop());
  const db = createDatabase(database.url);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const { id: organizationId } = await db.selectFrom('organizations').select('id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow();
    const started = performance.now();
    // Polls of every status: every 5th a draft, every 7th archived, a third scheduled, some ended, the rest live.
    await sql`insert into challenges (id, organization_id, type, subtype, title, description, hint, value, media_id, visible_from, expires_on,
        options, answer, questions, game, created_at, draft, archived_at, translations, updated_at)
      select 'perf-' || i, ${organizationId}, 'poll', 'poll', 'Match day poll ' || i, 'Who wins?', null, 10, null,
        to_char(now() at time zone 'utc' + ((i % 3) - 1) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        case when i % 11 = 0 then to_char(now() at time zone 'utc' - interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') else null end,
        '[{"label":"Home"},{"label":"Away"}]', null, '[]', null,
        to_char(now() at time zone 'utc' - i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        case when i % 5 = 0 then 1 else 0 end,
        case when i % 7 = 0 then to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') else null end,
        '{"es":{"title":"Encuesta"}}', null
      from generate_series(1, ${ITEMS}) as i`.execute(db);
    await sql`analyze challenges`.execute(db);
    const total = (await db.selectFrom('challenges').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    console.log(`${ITEMS} challenges added in ${Math.round(performance.now() - started)} ms (${total} in the database)`);

    const app = createApp({
      db, mailer: createMailer({ from: 'Terrace <no-reply@localhost>', logger: { info() {}, error() {} } }),
      secret: 'perf-secret-perf-secret-perf-secret-0123', publicUrl: 'http://localhost', production: false, mediaDir: '/tmp',
    });
    const key = await operatorKey(db, 'owner');
    const time = async (query: string) => {
      const samples: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
        const t0 = performance.now();
        const res = await app.request(`/api/admin/challenges${query}`, { headers: { Authorization: `Bearer ${key}` } });
        const body = (await res.json()) as { data?: { items: unknown[]; total: number } };
        const ms = performance.now() - t0;
        if (res.status !== 200 || !body.data?.items.length) throw new Error(`${query}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (i >= WARM_UP) samples.push(ms);
      }
      return { median: median(samples), worst: Math.max(...samples) };
    };
    const figures = [
      ['first page', '', true],
      ['search "poll 99"', '?q=poll%2099', false],
      ['status live, page 3', '?status=live&page=3', false],
    ] as const;
    let over = false;
    for (const [name, query, budgeted] of figures) {
      const { median: m, worst } = await time(query);
      const ratio = m / BUDGET_MS;
      console.log(`${name.padEnd(22)} median ${m.toFixed(1)} ms, worst ${worst.toFixed(1)} ms, ${(ratio * 100).toFixed(0)}% of the ${BUDGET_MS} ms budget${budgeted ? '' : ' (for information)'}`);
      if (budgeted && m > BUDGET_MS) over = true;
    }
    console.log(over ? `OVER BUDGET: the first page of ${ITEMS} challenges took more than ${BUDGET_MS} ms` : 'within budget');
    return over ? 1 : 0;
  } finally {
    await db.destroy();
    await database.drop();
    forget();
  }
}

runScript(main);
