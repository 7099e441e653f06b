// `node scripts/bench-checkin.ts`: POST /api/checkin throughput through the real API, in process (no
// socket), on a fresh SQLite file, and on a fresh PostgreSQL schema too when TEST_DATABASE_URL is set.
// Every user checks in once; requests go concurrently in batches. BENCH_USERS and BENCH_CONCURRENCY
// change the load (defaults 100 and 10). Everything it creates is removed at the end.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../src/server/app.ts';
import { hashToken, newSessionToken } from '../src/server/auth/secrets.ts';
import { createDatabase, type Db } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { insertSession } from '../src/server/session/session.repository.ts';
import { SESSION_TTL_MS } from '../src/server/session/session.service.ts';
import { insertUser } from '../src/server/users/user.repository.ts';

const USERS = boundedInt('BENCH_USERS', 100, 1, 5_000);
const CONCURRENCY = boundedInt('BENCH_CONCURRENCY', 10, 1, 200);

function boundedInt(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

interface Target {
  name: string;
  db: Db;
  close(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const folder = mkdtempSync(join(tmpdir(), 'terrace-bench-'));
  const db = createDatabase(`file:${join(folder, 'bench.db')}`);
  await migrateToLatest(db);
  return {
    name: 'sqlite', db,
    async close() {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = createDatabase(url, { schema });
  await migrateToLatest(db, schema);
  return {
    name: 'postgres', db,
    async close() {
      await db.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/** Users and live sessions written directly: the e-mail sign-in is not what is measured. */
async function createSignedInUsers(db: Db, count: number): Promise<string[]> {
  const organization = await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
  const now = new Date();
  const tokens: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) {
      const userId = randomUUID();
      const token = newSessionToken();
      await insertUser(trx, { id: userId, organization_id: organization.id, email: `bench-${i}@example.com`, now: now.toISOString() });
      await insertSession(trx, {
        id: randomUUID(), token_hash: hashToken(token), user_id: userId,
        created_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      });
      tokens.push(token);
    }
  });
  return tokens;
}

async function measure(target: Target) {
  await seedDemo(target.db);
  const mailer = createMailer({ from: 'Terrace <no-reply@localhost>', logger: { info: () => {}, error: console.error } });
  const mediaDir = mkdtempSync(join(tmpdir(), 'terrace-bench-media-'));
  const app = createApp({ db: target.db, mailer, secret: randomBytes(32).toString('hex'), publicUrl: 'http://localhost', production: false, mediaDir });
  try {
    const tokens = await createSignedInUsers(target.db, USERS);
    const call = (token: string, method: 'GET' | 'POST') => app.request('/api/checkin', {
      method, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    const inBatches = async (method: 'GET' | 'POST', expected: number) => {
      const latencies: number[] = [];
      const started = performance.now();
      for (let i = 0; i < tokens.length; i += CONCURRENCY) {
        await Promise.all(tokens.slice(i, i + CONCURRENCY).map(async (token) => {
          const t0 = performance.now();
          const res = await call(token, method);
          latencies.push(performance.now() - t0);
          if (res.status !== expected) throw new Error(`${method} /api/checkin answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }));
      }
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
      return { opsPerSecond: tokens.length / seconds, p50: at(0.5), p95: at(0.95) };
    };

    // Warm-up (JIT, connection pool, statement caches) with the read; then every user checks in once.
    await inBatches('GET', 200);
    const post = await inBatches('POST', 200);
    const again = await call(tokens[0]!, 'POST');
    if (again.status !== 409) throw new Error(`a repeat check-in answered ${again.status}, not 409`);

    const ledger = await target.db.selectFrom('ledger_entries').where('kind', '=', 'checkin')
      .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('amount').as('points')]).executeTakeFirstOrThrow();
    if (Number(ledger.rows) !== USERS) throw new Error(`expected ${USERS} check-in ledger rows, found ${ledger.rows}`);
    return { ...post, ledgerRows: Number(ledger.rows), points: Number(ledger.points) };
  } finally {
    await mailer.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`POST /api/checkin, in process: ${USERS} users, each once, ${CONCURRENCY} at a time`);
  const targets: Array<() => Promise<Target>> = [sqliteTarget];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) targets.push(() => postgresTarget(url));
  else console.log('(set TEST_DATABASE_URL=postgres://… to measure PostgreSQL too)');
  for (const open of targets) {
    const target = await open();
    try {
      const r = await measure(target);
      console.log(`${target.name.padEnd(8)} ${Math.round(r.opsPerSecond).toLocaleString('en').padStart(7)} ops/s` +
        `   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   (${r.ledgerRows} ledger rows, ${r.points} points)`);
    } finally {
      await target.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
