// The databases `npm run bench` measures (each fresh, removed afterwards), its signed-in users, and the
// ledger check it ends with.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { hashToken, newSessionToken } from '../../src/server/auth/secrets.ts';
import { createDatabase, type Db } from '../../src/server/db/connection.ts';
import { dropJobQueue } from '../../src/server/db/job-queue.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { insertSession } from '../../src/server/session/session.repository.ts';
import { SESSION_TTL_MS } from '../../src/server/session/session.service.ts';
import { insertUser } from '../../src/server/users/user.repository.ts';

export interface Target {
  name: string;
  db: Db;
  /** PostgreSQL's address, for the CPU its backends spend (undefined on SQLite). */
  url?: string;
  close(): Promise<void>;
}

export async function sqliteTarget(): Promise<Target> {
  const folder = mkdtempSync(join(tmpdir(), 'terrace-bench-'));
  const db = createDatabase(`file:${join(folder, 'bench.db')}`);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    name: 'sqlite', db,
    async close() {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A schema of its own, so the bench never touches other data in that database. */
export async function postgresTarget(url: string): Promise<Target> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = createDatabase(url, { schema });
  const close = async () => {
    await db.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
    await dropJobQueue(admin, schema);
    await admin.destroy();
  };
  try {
    await migrateToLatest(db, schema);
  } catch (error) {
    await close();
    throw error;
  }
  return { name: 'postgres', db, url, close };
}

export interface BenchUser {
  id: string;
  token: string;
}

/** Users and live sessions written directly: the e-mail sign-in is not what is measured. */
export async function createSignedInUsers(db: Db, count: number): Promise<BenchUser[]> {
  const organization = await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
  const now = new Date();
  const users: BenchUser[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      const user = { id: randomUUID(), token: newSessionToken() };
      await insertUser(trx, { id: user.id, organization_id: organization.id, email: `bench-${i}@example.com`, now: now.toISOString() });
      // Adults with a birthday on file: without one the under-18 rules apply, and sweepstake entries are refused.
      await trx.updateTable('users').set({ birthday: '1990-06-15' }).where('id', '=', user.id).execute();
      await insertSession(trx, {
        id: randomUUID(), token_hash: hashToken(user.token), user_id: user.id,
        created_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      });
      users.push(user);
    }
  });
  return users;
}

export interface LedgerCheck {
  ok: boolean;
  points: number;
  ledgerSum: number;
  ledgerRows: number;
  /** Users whose own balance differs from their own ledger rows (a matching total could hide two). */
  mismatchedUsers: number;
}

/** Every balance must be exactly what the ledger says it is: the sum of its rows. */
export async function checkLedger(db: Db, users: BenchUser[]): Promise<LedgerCheck> {
  const ids = users.map((u) => u.id);
  const balances = await db.selectFrom('users').where('id', 'in', ids).select(['id', 'points']).execute();
  // PostgreSQL answers sum() and count() as strings (bigint), hence Number() below.
  const sums = await db.selectFrom('ledger_entries').where('user_id', 'in', ids).groupBy('user_id')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('amount').as('total'), eb.fn.countAll<number | string>().as('rows')])
    .execute();
  const ledgerByUser = new Map(sums.map((s) => [s.user_id, Number(s.total)]));
  const points = balances.reduce((sum, u) => sum + Number(u.points), 0);
  const ledgerSum = sums.reduce((sum, s) => sum + Number(s.total), 0);
  const ledgerRows = sums.reduce((sum, s) => sum + Number(s.rows), 0);
  const mismatchedUsers = balances.filter((u) => Number(u.points) !== (ledgerByUser.get(u.id) ?? 0)).length;
  return { ok: balances.length === users.length && points === ledgerSum && mismatchedUsers === 0, points, ledgerSum, ledgerRows, mismatchedUsers };
}
