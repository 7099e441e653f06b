// One version of the API for tests/bench/api-dashboard.ts: this checkout, or a git ref (BENCH_AGAINST)
// extracted to a temporary folder. Each runs its own migrations, seed and code on its own fresh database,
// so two versions can be measured side by side in one process.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { App } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/connection.ts';
import { dropJobQueue } from '../../src/server/db/job-queue.ts';
import type { CallerCache } from '../../src/server/env.ts';
import type { Mailer } from '../../src/server/mail/mailer.ts';

type Modules = Awaited<ReturnType<typeof importModules>>;

async function importModules(root: string) {
  const load = (path: string) => import(pathToFileURL(join(root, 'src/server', path)).href);
  const [app, connection, migrate, seed, mail, secrets, sessions, sessionService, users, ledger, age] = await Promise.all([
    'app.ts', 'db/connection.ts', 'db/migrate.ts', 'db/seed.ts', 'mail/mailer.ts', 'auth/secrets.ts',
    'session/session.repository.ts', 'session/session.service.ts', 'users/user.repository.ts', 'ledger/ledger.ts', 'users/age.ts',
  ].map(load));
  return {
    createApp: app.createApp as (deps: Parameters<typeof import('../../src/server/app.ts').createApp>[0]) => App,
    createDatabase: connection.createDatabase as typeof import('../../src/server/db/connection.ts').createDatabase,
    migrateToLatest: migrate.migrateToLatest as typeof import('../../src/server/db/migrate.ts').migrateToLatest,
    seedDemo: seed.seedDemo as typeof import('../../src/server/db/seed.ts').seedDemo,
    createMailer: mail.createMailer as typeof import('../../src/server/mail/mailer.ts').createMailer,
    hashToken: secrets.hashToken as (token: string) => string,
    newSessionToken: secrets.newSessionToken as () => string,
    insertSession: sessions.insertSession as typeof import('../../src/server/session/session.repository.ts').insertSession,
    sessionTtlMs: sessionService.SESSION_TTL_MS as number,
    insertUser: users.insertUser as typeof import('../../src/server/users/user.repository.ts').insertUser,
    award: ledger.award as typeof import('../../src/server/ledger/ledger.ts').award,
    dateInTimeZone: age.dateInTimeZone as typeof import('../../src/server/users/age.ts').dateInTimeZone,
  };
}

/** A version of the API on its own fresh database, with a second handle that logs every statement. */
export interface Tree {
  label: string;
  app: App;
  /** The statements the logging handle has run; the bench empties it. */
  statements: string[];
  countedApp: App;
  db: Db;
  modules: Modules;
  close(): Promise<void>;
}

/** `ref` undefined: this checkout. Else the ref's src/ (and package.json) in a temporary folder. */
export async function openTree(ref: string | undefined, postgresUrl: string | undefined): Promise<Tree> {
  const root = ref === undefined ? resolve('.') : extract(ref);
  const cleanups: Array<() => unknown> = ref === undefined ? [] : [() => rmSync(root, { recursive: true, force: true })];
  const close = async () => { for (const cleanup of cleanups.reverse()) await cleanup(); };
  try {
    const modules = await importModules(root);
    const { url, schema } = postgresUrl ? await newSchema(modules, postgresUrl, cleanups) : newSqliteFile(cleanups);
    const options = schema ? { schema } : {};
    const db = modules.createDatabase(url, options);
    cleanups.push(() => db.destroy());
    await modules.migrateToLatest(db, schema);
    await modules.seedDemo(db);
    const statements: string[] = [];
    const countedDb = modules.createDatabase(url, { ...options, log: (event) => { if (event.level === 'query') statements.push(event.query.sql); } });
    cleanups.push(() => countedDb.destroy());
    const mailer: Mailer = modules.createMailer({ from: 'Terrace <no-reply@localhost>', logger: { info: () => {}, error: console.error } });
    cleanups.push(() => mailer.close());
    const mediaDir = mkdtempSync(join(tmpdir(), 'terrace-bench-media-'));
    cleanups.push(() => rmSync(mediaDir, { recursive: true, force: true }));
    const deps = { mailer, secret: randomBytes(32).toString('hex'), publicUrl: 'http://localhost', production: false, mediaDir };
    return {
      label: ref ?? 'this checkout', app: modules.createApp({ db, ...deps }), countedApp: modules.createApp({ db: countedDb, ...deps }),
      statements, db, modules, close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function extract(ref: string): string {
  const root = mkdtempSync(join(tmpdir(), 'terrace-bench-ref-'));
  const archive = execFileSync('git', ['archive', '--format=tar', ref, 'src', 'package.json'], { maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  return root;
}

function newSqliteFile(cleanups: Array<() => unknown>): { url: string; schema?: string } {
  const folder = mkdtempSync(join(tmpdir(), 'terrace-bench-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return { url: `file:${join(folder, 'bench.db')}` };
}

async function newSchema(modules: Modules, url: string, cleanups: Array<() => unknown>): Promise<{ url: string; schema: string }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = modules.createDatabase(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  cleanups.push(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
    // Migrating made the job queue's schema beside it (src/server/db/job-queue.ts).
    await dropJobQueue(admin, schema);
    await admin.destroy();
  });
  return { url, schema };
}

/** A user and a live session written directly: signing in is not what is measured. */
export async function newSupporter(tree: Tree, name: string): Promise<{ id: string; token: string }> {
  const { db, modules } = tree;
  const organization = await db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
  const now = new Date();
  const id = randomUUID();
  const token = modules.newSessionToken();
  await modules.insertUser(db, { id, organization_id: organization.id, email: `${name}@example.com`, now: now.toISOString() });
  await modules.insertSession(db, {
    id: randomUUID(), token_hash: modules.hashToken(token), user_id: id,
    created_at: now.toISOString(), expires_at: new Date(now.getTime() + modules.sessionTtlMs).toISOString(),
  });
  return { id, token };
}

/** Check-ins on the `days` days before today (the organization's), through the ledger as a check-in writes them. */
export async function checkedInBefore(tree: Tree, userId: string, days: number): Promise<void> {
  const { time_zone: timeZone } = await tree.db.selectFrom('organizations').select('time_zone').executeTakeFirstOrThrow();
  const today = new Date(`${tree.modules.dateInTimeZone(new Date(), timeZone)}T12:00:00Z`);
  for (let n = 1; n <= days; n += 1) {
    const day = new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    await tree.modules.award(tree.db, { userId, amount: 10, kind: 'checkin', reference: day, idempotencyKey: `checkin:${day}` });
  }
}

export type Call = (path: string, cache?: CallerCache, init?: RequestInit) => Promise<Response>;

/** Calls the app as the in-process client does: `app.fetch` with the page request's caller cache. */
export function caller(app: App, token: string): Call {
  return async (path, cache, init = {}) => app.fetch(new Request(`http://in-process/api/${path}`, {
    ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  }), cache ? { callerCache: cache } : undefined);
}
