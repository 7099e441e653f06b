import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { createDatabase, isPostgresUrl, type Db } from './connection.ts';
import { dropJobQueue } from './job-queue.ts';

/** Drops everything: the SQLite file, or every table in the PostgreSQL schema and the job queue's beside it. Development only. */
export async function resetDatabase(url: string): Promise<void> {
  if (!isPostgresUrl(url)) {
    const path = resolve(url.slice('file:'.length));
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    return;
  }
  const db: Db = createDatabase(url);
  try {
    await sql`drop schema if exists public cascade`.execute(db);
    await dropJobQueue(db, 'public');
    await sql`create schema public`.execute(db);
  } finally {
    await db.destroy();
  }
}
