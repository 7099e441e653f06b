import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connection.ts';
import { fillLedger, LEDGER_TABLE } from '../ledger/ledger.fill.repository.ts';

// The EXPLAIN check of src/server/db/explain.postgres.test.ts: every statement a request ran, planned by
// PostgreSQL over a club of some size, and every read of a growing table that is not a lookup.

/**
 * Tables that stay small whatever the number of supporters: the club's settings and definitions, and its content
 * (hundreds of rows, written by staff). Reading one whole is allowed. Every other table grows, including any table
 * added later until it is named here: a new table is growing until someone says why it is not.
 */
export const SMALL_TABLES = new Set([
  'organizations', 'organization_settings', 'ranks', 'membership_tiers', 'consents', 'badges', 'leaderboard_names',
  // The club's content: made by staff, a few hundred rows in a season.
  'challenges', 'pickem_outcomes', 'articles', 'stories', 'story_chapters', 'videos', 'playlist_videos', 'carousel_cards',
  'activations', 'experiences', 'sweepstakes',
  // A few counter rows per poll option (shards): grows with polls, not votes.
  'poll_tallies',
  // Staff, their keys and console sessions: a handful.
  'operators', 'api_keys', 'operator_sessions',
]);

/** Supporters the club is filled with before planning; a scan estimated at more rows than LARGE_READ reads a share of them. */
export const FILL_SUPPORTERS = 5_000;
const LEDGER_ROWS_EACH = 5;
/** Rows one scan may read of a growing table (2% of the filled club) outside a LIMIT: a page, a supporter's own rows. */
export const LARGE_READ = 100;

/**
 * The growing tables fillClub fills: their statistics are a club's, so the planner's choice of index and its
 * estimates mean something. On the others (a few test rows) its choice among indexes is a coin toss: only a
 * sequential scan left with sequential scans off (no index can serve) counts there.
 */
export const FILLED_TABLES = new Set(['users', LEDGER_TABLE, 'sessions', 'idempotency_keys', 'challenge_responses', 'sweepstake_entries', 'leaderboard_totals', 'audit_entries']);

/** One statement as the app ran it, and the requests that ran it. */
export interface RanStatement {
  sql: string;
  parameters: readonly unknown[];
  requests: Set<string>;
}

/** A scan that reads more of a growing table than a lookup does: its table and the plan's line for it. */
export interface WholeRead {
  table: string;
  line: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/**
 * Fills the growing tables the console reads by club, by board or by period, so their statistics are a club's and
 * the planner's estimates say how much a statement reads: supporters (joined over a year), their ledger, sessions
 * and keys, votes on every poll, entries in every sweepstake, leaderboard rows on every board in use, audit entries.
 */
export async function fillClub(db: Db, organizationId: string): Promise<void> {
  const n = FILL_SUPPORTERS;
  const iso = (expression: string) => sql.raw(`to_char((now() - (${expression}) * interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  await sql`insert into users (id, organization_id, email, first_name, last_name, username, properties, created_at, updated_at)
    select 'fill-' || i, ${organizationId}, 'fill' || i || '@fans.example', 'Fill', 'Fan' || (i % 97), 'fill_' || i, '{}',
      ${iso(`(i % 365) + (i % 24) / 24.0`)}, ${iso('i % 7')}
    from generate_series(1, ${n}::int) i`.execute(db);
  await fillLedger(db, { userIdPrefix: 'fill-', users: n, rowsEach: LEDGER_ROWS_EACH });
  await sql`insert into sessions (id, token_hash, user_id, created_at, expires_at, ended_at)
    select 'fill-' || i, md5('fill' || i), 'fill-' || i, ${iso('i % 30')}, '2999-01-01T00:00:00.000Z', null
    from generate_series(1, ${n}::int) i`.execute(db);
  await sql`insert into idempotency_keys (scope, key, fingerprint, status, response_status, response_headers, response_body, created_at, owner)
    select 'user:fill-' || i, 'fill-' || i, 'POST /api/checkin sha256:0', 'completed', 200, '{}', '', ${iso('(i % 24) / 24.0')}, null
    from generate_series(1, ${n}::int) i`.execute(db);
  await sql`insert into challenge_responses (id, user_id, challenge_id, response_index, response_text, created_at)
    select c.id || '-fill-' || i, 'fill-' || i, c.id, i % 2, null, ${iso('i % 20')}
    from challenges c, generate_series(1, ${n}::int, 4) i where c.organization_id = ${organizationId} and c.subtype in ('poll', 'pickem')`.execute(db);
  await sql`insert into sweepstake_entries (id, sweepstake_id, user_id, holder, tickets, points_spent, request_key, ledger_key, refunded_at, created_at)
    select s.id || '-fill-' || i, s.id, 'fill-' || i, md5(i::text), 1, 30, 'fill', null, null, ${iso('i % 20')}
    from sweepstakes s, generate_series(1, ${n}::int, 5) i where s.organization_id = ${organizationId}`.execute(db);
  await sql`insert into leaderboard_totals (organization_id, board, user_id, points)
    select ${organizationId}, b.board, 'fill-' || i, i % 500 + 1 from (select distinct board from leaderboard_totals where organization_id = ${organizationId}) b,
      generate_series(1, ${n}::int) i`.execute(db);
  await sql`insert into audit_entries (id, organization_id, at, actor_type, actor_id, actor_label, actor_role, action, subject_kind, subject_id, before, after, request_id, client_address)
    select 'fill-' || i, ${organizationId}, ${iso('i % 365')}, 'operator', 'fill', 'Fill', 'owner', 'member.adjust', 'member', 'fill-' || i, null, null, null, null
    from generate_series(1, ${n}::int) i`.execute(db);
  await sql`analyze ${sql.join([...FILLED_TABLES].map((table) => sql.table(table)))}`.execute(db);
}

/** Partial indexes: one scanned whole, or on the club's id alone, reads only the rows it holds (blocked supporters, say). */
async function partialIndexes(client: pg.Client): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>('select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indpred is not null');
  return new Set(rows.map((r) => r.name));
}

/**
 * Plan nodes that read all their input before giving a row: a LIMIT above them bounds nothing below. (An
 * incremental sort is not one: it sorts a run of rows equal in the index's order at a time.)
 */
const BLOCKING = new Set(['Sort', 'Hash', 'Aggregate', 'SetOp', 'WindowAgg', 'Materialize', 'Unique', 'Group']);

/** An index condition that names nothing but the club: `(organization_id = '…'::text)`, which every row of a one-club deployment matches. */
const CLUB_ONLY = /^\(*organization_id = '[^']*'::text\)*$/;

/**
 * The reads of growing tables in a plan made with `enable_seqscan = off` over the filled club:
 * - a sequential scan that remains (under a LIMIT too, when it filters): no index can serve the statement;
 * - an index scanned with no condition, or on the club's id alone, outside a LIMIT: every row, through the index;
 * - a scan estimated at more than LARGE_READ rows outside a LIMIT: a share of the club, not a lookup.
 */
export function wholeReads(plan: PlanNode, partial: Set<string>, underLimit = false): WholeRead[] {
  const found: WholeRead[] = [];
  const table = plan['Relation Name'];
  const type = plan['Node Type'];
  // Under a LIMIT only a filtered sequential scan counts: it may walk the whole table to find its few rows.
  if (table && !SMALL_TABLES.has(table) && (!underLimit || (type === 'Seq Scan' && plan.Filter))) {
    const index = plan['Index Name'];
    const condition = plan['Index Cond'];
    const where = `${condition ? ` (index condition: ${condition})` : ''}${plan.Filter ? ` (filter: ${plan.Filter})` : ''}`;
    // Every row of the index, or every row of the club (a partial index holds only the rows it names).
    const whole = (name: string | undefined, cond: string | undefined) => !!name && !partial.has(name) && (!cond || CLUB_ONLY.test(cond));
    if (type === 'Seq Scan') {
      found.push({ table, line: `Seq Scan on ${table}${where}` });
    } else if (FILLED_TABLES.has(table)) {
      if ((type === 'Index Scan' || type === 'Index Only Scan') && whole(index, condition)) {
        found.push({ table, line: `${type} using ${index} on ${table}, ${condition ? 'the whole club' : 'every row'}${where}` });
      } else if (plan['Plan Rows'] > LARGE_READ) {
        found.push({ table, line: `${type}${index ? ` using ${index}` : ''} on ${table}: about ${plan['Plan Rows']} rows${where}` });
      }
      // A bitmap's index scan names no table: its heap scan (this node) does, and reads what the index found.
      for (const child of type === 'Bitmap Heap Scan' ? plan.Plans ?? [] : []) {
        if (child['Node Type'] === 'Bitmap Index Scan' && whole(child['Index Name'], child['Index Cond'])) {
          found.push({ table, line: `Bitmap Index Scan using ${child['Index Name']} on ${table}, the whole club (index condition: ${child['Index Cond']})` });
        }
      }
    }
  }
  // A LIMIT bounds what is read below it, unless something below it must read everything first (a sort, a hash, an aggregate).
  const bounded = type === 'Limit' || (underLimit && !BLOCKING.has(type));
  for (const child of plan.Plans ?? []) found.push(...wholeReads(child, partial, bounded));
  return found;
}

/** Statements that are not planned: transaction control. */
const UNPLANNED = /^\s*(begin|commit|rollback|savepoint|release|set|show|start)\b/i;

/**
 * Plans each statement (EXPLAIN, not run) on its own connection with sequential scans off, and answers what each
 * reads. (On a table of a test's size the planner prefers a sequential scan wherever one is allowed: with it off,
 * one that remains is what no index can do.) A statement PostgreSQL cannot plan alone is answered with its error.
 */
export async function explainAll(url: string, schema: string | undefined, statements: Iterable<RanStatement>) {
  const client = new pg.Client({
    connectionString: url,
    options: ['-c enable_seqscan=off', '-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
  });
  await client.connect();
  const results: Array<{ statement: RanStatement; reads: WholeRead[]; error?: string }> = [];
  try {
    const partial = await partialIndexes(client);
    for (const statement of statements) {
      if (UNPLANNED.test(statement.sql)) continue;
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.parameters]);
        results.push({ statement, reads: wholeReads(rows[0]!['QUERY PLAN'][0]!.Plan, partial) });
      } catch (error) {
        results.push({ statement, reads: [], error: (error as Error).message });
      }
    }
  } finally {
    await client.end();
  }
  return results;
}
