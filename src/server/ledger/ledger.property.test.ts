import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.ts';
import { HANG_LIMIT_MS } from '../testing/hang-limit.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { insertUser } from '../users/user.repository.ts';
import { award, InsufficientPointsError, refund, spend, type LedgerResult } from './ledger.ts';
import type { LedgerEntryTable } from './ledger.table.ts';

// Model-based test of the ledger against the real database (SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set), 10,000 random operations per suite run. After every step: the answer
// against an in-memory model (replayed or not, InsufficientPointsError, the entry and its balances),
// and the database against the model (every user's points and lifetime_points, so untouched users
// did not move; the touched key's rows: none, or exactly the model's entry). Every DEEP_CHECK_EVERY
// steps and after the last, the database's own sums: each user's points equal the sum of their
// ledger amounts, lifetime_points the sum of the awards (refunds of spends aside: they give back
// spendable points only), no balance_after below zero, no key twice, and (at the end) the ledger rows
// equal the model's entries one for one. Sweepstake entries are spends; a cancelled sweepstake's
// refunds give an earlier spend back, once per key.

const POSTGRES = !!process.env['TEST_DATABASE_URL'];
const USERS = 3;
const RUNS = 4;
const OPS_PER_RUN = 2_500; // RUNS × OPS_PER_RUN = 10,000 operations per suite run
const DEEP_CHECK_EVERY = 250;
const KINDS = ['checkin', 'challenge', 'referral', 'birthday_bonus'] as const;
/** Identical calls sent at once: awards and spends. */
const RACE_DIRECTIONS = ['award', 'spend'] as const;

type Direction = 'award' | 'spend' | 'refund';
type Op =
  | { type: 'fresh'; direction: Exclude<Direction, 'refund'>; user: number; amount: number; kind: string }
  /** Refunds an earlier spend that took effect (its key `refund:<spend key>`, so a second refund of it replays). */
  | { type: 'refund'; pick: number }
  /** Reuses an earlier key: the very same call again (`same`), or the key with this op's user and payload. */
  | { type: 'retry'; pick: number; same: boolean; direction: Exclude<Direction, 'refund'>; user: number; amount: number }
  | { type: 'race'; direction: Exclude<Direction, 'refund'>; user: number; amount: number; copies: number };

interface Call {
  direction: Direction;
  user: number;
  key: string;
  amount: number;
  kind: string;
  /** A refund's spend. */
  spendKey?: string;
}

interface ModelUser {
  id: string;
  points: number;
  lifetime: number;
  byKey: Map<string, LedgerEntryTable>;
  lowestBalanceAfter: number;
}

const user = fc.nat(USERS - 1);
const amount = fc.integer({ min: 1, max: 60 });
const direction = fc.constantFrom<Exclude<Direction, 'refund'>>('award', 'spend');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('fresh' as const), direction: fc.constant('award' as const), user, amount, kind: fc.constantFrom(...KINDS) }) },
  // Spends up to 90 against awards up to 60: some exceed the balance.
  { weight: 5, arbitrary: fc.record({ type: fc.constant('fresh' as const), direction: fc.constant('spend' as const), user, amount: fc.integer({ min: 1, max: 90 }), kind: fc.constant('sweepstake_entry') }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('retry' as const), pick: fc.nat(), same: fc.boolean(), direction, user, amount }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('race' as const), direction: fc.constantFrom(...RACE_DIRECTIONS), user, amount, copies: fc.integer({ min: 2, max: 4 }) }) },
);

/** A run's operations; printed as a count, since a failing step reports itself in full. */
class Run {
  readonly ops: Op[];
  constructor(ops: Op[]) {
    this.ops = ops;
  }
  [fc.toStringMethod](): string {
    return `Run(${this.ops.length} operations)`;
  }
}
const runArb = fc.array(opArb, { minLength: OPS_PER_RUN, maxLength: OPS_PER_RUN }).map((ops) => new Run(ops));

let testDb: TestDb;
let db: Db;
let organizationId: string;
let runNumber = 0;
let operations = 0;
/** What the runs did, to show the mix is meaningful (spends refused, keys replayed…). */
const seen = { awarded: 0, spent: 0, refunded: 0, refused: 0, replayed: 0, races: 0 };

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  organizationId = (await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => testDb.close());

async function freshUsers(): Promise<ModelUser[]> {
  runNumber += 1;
  const now = new Date().toISOString();
  const users: ModelUser[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const id = randomUUID();
    await insertUser(db, { id, organization_id: organizationId, email: `ledger-prop-${runNumber}-${i}@example.com`, now });
    users.push({ id, points: 0, lifetime: 0, byKey: new Map(), lowestBalanceAfter: Number.POSITIVE_INFINITY });
  }
  return users;
}

type Outcome = { result: LedgerResult } | { error: unknown };

function send(users: ModelUser[], call: Call): Promise<Outcome> {
  const userId = users[call.user]!.id;
  const change = { userId, amount: call.amount, kind: call.kind, reference: `ref:${call.key}`, idempotencyKey: call.key };
  const sent = call.direction === 'refund'
    ? refund(db, { userId, spendKey: call.spendKey!, kind: call.kind, idempotencyKey: call.key })
    : (call.direction === 'award' ? award : spend)(db, change);
  return sent.then((result) => ({ result }), (error: unknown) => ({ error }));
}

const entryOf = (outcome: Outcome): LedgerEntryTable => {
  if ('error' in outcome) throw outcome.error;
  return outcome.result.entry;
};

/** PostgreSQL may answer integers as strings (bigint); compare numbers. */
const normalise = (entry: LedgerEntryTable): LedgerEntryTable => ({
  ...entry, amount: Number(entry.amount), balance_after: Number(entry.balance_after), lifetime_after: Number(entry.lifetime_after),
});

/** What the model says a repeat must answer: the first entry, unchanged. */
function expectReplay(outcome: Outcome, first: LedgerEntryTable): void {
  expect('result' in outcome && outcome.result.replayed, 'a reused key answers replayed: true').toBe(true);
  expect(normalise(entryOf(outcome))).toEqual(first);
}

/** Checks one answer against the model and moves the model on. */
function applyToModel(users: ModelUser[], call: Call, outcome: Outcome): void {
  const model = users[call.user]!;
  const first = model.byKey.get(call.key);
  if (first) {
    seen.replayed += 1;
    return expectReplay(outcome, first);
  }
  if (call.direction === 'spend' && call.amount > model.points) {
    seen.refused += 1;
    expect('error' in outcome && outcome.error, 'a spend over the balance').toBeInstanceOf(InsufficientPointsError);
    return;
  }
  seen[call.direction === 'award' ? 'awarded' : call.direction === 'spend' ? 'spent' : 'refunded'] += 1;
  const entry = entryOf(outcome);
  expect('result' in outcome && outcome.result.replayed, 'a new key answers replayed: false').toBe(false);
  const signed = call.direction === 'spend' ? -call.amount : call.amount;
  model.points += signed;
  if (call.direction === 'award') model.lifetime += signed;
  expect(entry).toMatchObject({
    user_id: model.id, amount: signed, kind: call.kind, idempotency_key: call.key, balance_after: model.points, lifetime_after: model.lifetime,
  });
  // A refund names the spend's reference, as the spend named the sweepstake.
  if (call.direction === 'refund') expect(entry.reference).toBe(`ref:${call.spendKey}`);
  model.byKey.set(call.key, normalise(entry));
  model.lowestBalanceAfter = Math.min(model.lowestBalanceAfter, entry.balance_after);
}

interface Sums {
  points: number;
  lifetime: number;
  total: number;
  awarded: number;
  entries: number;
  lowestBalanceAfter: number;
}

/** The user's balances and ledger sums in one query. */
async function sumsOf(userId: string): Promise<Sums> {
  const { rows } = await sql<Record<keyof Sums, number | string>>`
    select u.points as points, u.lifetime_points as lifetime,
      coalesce(sum(e.amount), 0) as total,
      coalesce(sum(case when e.amount > 0 and e.kind <> 'sweepstake_refund' then e.amount else 0 end), 0) as awarded,
      count(e.id) as entries,
      coalesce(min(e.balance_after), 0) as "lowestBalanceAfter"
    from users u left join ledger_entries e on e.user_id = u.id
    where u.id = ${userId}
    group by u.id, u.points, u.lifetime_points`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as unknown as Sums;
}

async function expectUserConsistent(model: ModelUser): Promise<void> {
  const sums = await sumsOf(model.id);
  expect(sums, `user ${model.id}: balances equal the ledger sums and the model`).toEqual({
    points: model.points, lifetime: model.lifetime, total: model.points, awarded: model.lifetime,
    entries: model.byKey.size, lowestBalanceAfter: model.byKey.size === 0 ? 0 : model.lowestBalanceAfter,
  });
  expect(sums.lowestBalanceAfter, 'no balance_after below zero').toBeGreaterThanOrEqual(0);
}

/**
 * Cheap, after every step: every user's balances (the touched one moved as the model says, the
 * others not at all) and the touched key's rows (none, or exactly the entry the model holds).
 */
async function checkStep(users: ModelUser[], call: Call): Promise<void> {
  const model = users[call.user]!;
  const [balances, keyRows] = await Promise.all([
    db.selectFrom('users').select(['id', 'points', 'lifetime_points']).where('id', 'in', users.map((u) => u.id)).execute(),
    db.selectFrom('ledger_entries').selectAll().where('user_id', '=', model.id).where('idempotency_key', '=', call.key).execute(),
  ]);
  for (const u of users) {
    const row = balances.find((b) => b.id === u.id)!;
    expect({ points: Number(row.points), lifetime: Number(row.lifetime_points) }, `balances of user ${u.id}`)
      .toEqual({ points: u.points, lifetime: u.lifetime });
    expect(u.points, 'no negative balance').toBeGreaterThanOrEqual(0);
  }
  const entry = model.byKey.get(call.key);
  expect(keyRows.map(normalise), `rows for key ${call.key}`).toEqual(entry ? [entry] : []);
}

/** Every user's sums, no key twice, and the ledger rows exactly the model's entries. */
async function checkEverything(users: ModelUser[], withRows: boolean): Promise<void> {
  for (const u of users) await expectUserConsistent(u);
  const duplicates = await db.selectFrom('ledger_entries').select(['user_id', 'idempotency_key'])
    .where('user_id', 'in', users.map((u) => u.id)).groupBy(['user_id', 'idempotency_key'])
    .having((eb) => eb.fn.countAll(), '>', 1).execute();
  expect(duplicates, 'idempotency keys with more than one row').toEqual([]);
  if (!withRows) return;
  for (const u of users) {
    const rows = await db.selectFrom('ledger_entries').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
    expect(rows.map(normalise)).toEqual([...u.byKey.values()].sort((a, b) => (a.id < b.id ? -1 : 1)));
  }
}

function describeOp(op: Op, call: Call | undefined): string {
  return `${JSON.stringify(op)}${call ? ` → ${call.direction} ${call.amount} for user ${call.user} with key ${call.key}` : ''}`;
}

async function runOps(run: Run): Promise<void> {
  const users = await freshUsers();
  const tried: Call[] = [];
  /** Spends that took effect, to refund. */
  const spends: Call[] = [];
  for (const [step, op] of run.ops.entries()) {
    let call: Call | undefined;
    try {
      if (op.type === 'refund') {
        const spent = spends.length > 0 ? spends[op.pick % spends.length]! : undefined;
        call = spent
          ? { direction: 'refund', user: spent.user, key: `refund:${spent.key}`, amount: spent.amount, kind: 'sweepstake_refund', spendKey: spent.key }
          : { direction: 'award', user: op.pick % USERS, key: `key:${step}`, amount: 1 + (op.pick % 60), kind: 'checkin' };
      } else if (op.type === 'retry' && tried.length > 0) {
        const earlier = tried[op.pick % tried.length]!;
        // The key reused for an award or a spend (a refund's key too: then of kind `challenge`, not a refund).
        const { spendKey: _, ...reused } = earlier;
        call = op.same ? earlier : { ...reused, direction: op.direction, user: op.user, amount: op.amount, kind: earlier.direction === 'refund' ? 'challenge' : earlier.kind };
      } else {
        const kind = op.type === 'fresh' ? op.kind : op.direction === 'spend' ? 'sweepstake_entry' : 'challenge';
        call = { direction: op.direction, user: op.user, key: `key:${step}`, amount: op.amount, kind };
      }
      const fixed = call;
      if (op.type === 'race') {
        seen.races += 1;
        const outcomes = await Promise.all(Array.from({ length: op.copies }, () => send(users, fixed)));
        // Exactly one takes effect (or, for a spend over the balance, none); the others replay it.
        const winner = outcomes.find((o) => 'result' in o && !o.result.replayed) ?? outcomes[0]!;
        applyToModel(users, fixed, winner);
        for (const other of outcomes.filter((o) => o !== winner)) applyToModel(users, fixed, other);
      } else {
        applyToModel(users, fixed, await send(users, fixed));
      }
      tried.push(fixed);
      const made = users[fixed.user]!.byKey.get(fixed.key);
      if (fixed.direction === 'spend' && made && made.amount < 0 && !spends.some((c) => c.key === fixed.key && c.user === fixed.user)) {
        spends.push({ ...fixed, amount: -made.amount });
      }
      await checkStep(users, fixed);
      if ((step + 1) % DEEP_CHECK_EVERY === 0) await checkEverything(users, false);
      operations += 1;
    } catch (error) {
      const before = run.ops.slice(Math.max(0, step - 5), step).map((o) => `  ${JSON.stringify(o)}`).join('\n');
      throw new Error(`Step ${step} of run ${runNumber} failed: ${describeOp(op, call)}\nThe 5 operations before it:\n${before}`, { cause: error });
    }
  }
  await checkEverything(users, true);
}

describe(`the ledger, property-based (${POSTGRES ? 'postgres' : 'sqlite'})`, () => {
  it(`keeps balances equal to the ledger over ${RUNS * OPS_PER_RUN} random awards, spends, refunds and retries`, async () => {
    const started = performance.now();
    // No shrinking: each step is checked, so the first failing step is already the shortest prefix.
    await fc.assert(fc.asyncProperty(runArb, runOps), { numRuns: RUNS, endOnFailure: true });
    expect(operations).toBe(RUNS * OPS_PER_RUN);
    console.info(`ledger property: ${operations} operations in ${Math.round(performance.now() - started)} ms`, seen);
    // The mix must exercise every path, or the property proves little.
    for (const [path, count] of Object.entries(seen)) expect(count, path).toBeGreaterThan(100);
  }, HANG_LIMIT_MS);

  // Regression (PostgreSQL only: SQLite runs one write at a time): a spend retried while its first
  // attempt holds the user's row used to answer InsufficientPointsError once the first attempt left
  // less than the amount, instead of replaying it.
  if (POSTGRES) it('replays a spend retried while its first attempt holds the balance', async () => {
    const [model] = await freshUsers();
    const userId = model!.id;
    await award(db, { userId, amount: 10, kind: 'challenge', idempotencyKey: 'top-up' });
    const change = { userId, amount: 8, kind: 'sweepstake_entry', idempotencyKey: 'entry:1' };
    // Hold the user's row so both attempts read "no entry yet" and then queue on the lock.
    const attempts = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const both = [spend(db, change), spend(db, change)].map((p) => p.then((r) => r, (error: unknown) => error));
      // Both are queued once one waits on this transaction and the other on it (or on this one too).
      for (let waited = 0; waited < 5_000; waited += 20) {
        const queued = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity a
          where ${rows[0]!.pid} = any(pg_blocking_pids(a.pid))
            or exists (select 1 from pg_stat_activity d
                       where ${rows[0]!.pid} = any(pg_blocking_pids(d.pid)) and d.pid = any(pg_blocking_pids(a.pid)))`.execute(db);
        if (Number(queued.rows[0]!.n) >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return both;
    });
    const [first, second] = await Promise.all(attempts);
    expect([first, second].filter((a) => a instanceof InsufficientPointsError)).toEqual([]);
    expect([first, second].map((a) => (a as LedgerResult).replayed).sort()).toEqual([false, true]);
  });
});
