import { sql } from 'kysely';
import type { Db } from './db/connection.ts';

/** The cheapest statement the database must answer: throws when it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
