import type { QueryCreator } from 'kysely';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

// Two counters say when what a page shows may have changed, in every process (migration 016):
// users.page_version per supporter, organizations.content_version for the club's content and settings.
// Read with the session (../session/session.repository.ts findLiveSession); raised only by ./versions.middleware.ts.

/** One more on the supporters' page versions: alone, or inside another statement (withVersionRaised). */
const raised = (qc: QueryCreator<Database>) => qc.updateTable('users').set((eb) => ({ page_version: eb('page_version', '+', 1) }));
// Every supporter's write raises their own: built and compiled once (../db/prepared.ts).
const oneRaised = prepared((db, userId: string) => raised(db).where('id', '=', userId));

export async function raiseSupporterVersions(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 1) await oneRaised.all(db, userIds[0]!);
  else await raised(db).where('id', 'in', userIds).execute();
}

/**
 * PostgreSQL only: a statement begun here also raises `userId`'s version (a data-modifying WITH runs whatever the
 * statement after it does), so a write's last two statements cost one round trip.
 */
export function withVersionRaised(db: Db, userId: string): QueryCreator<Database> {
  return db.with('raised_version', (qc) => raised(qc).where('id', '=', userId));
}

export async function raiseClubVersion(db: Db): Promise<void> {
  await db.updateTable('organizations').set((eb) => ({ content_version: eb('content_version', '+', 1) })).execute();
}
