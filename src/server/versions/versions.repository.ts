import type { Db } from '../db/connection.ts';

// Two counters say when what a page shows may have changed, in every process (migration 016):
// users.page_version per supporter, organizations.content_version for the club's content and settings.
// Read with the session (../session/session.repository.ts findLiveSession); raised only by ./versions.middleware.ts.

export async function raiseSupporterVersions(db: Db, userIds: string[]): Promise<void> {
  await db.updateTable('users').set((eb) => ({ page_version: eb('page_version', '+', 1) })).where('id', 'in', userIds).execute();
}

export async function raiseClubVersion(db: Db): Promise<void> {
  await db.updateTable('organizations').set((eb) => ({ content_version: eb('content_version', '+', 1) })).execute();
}
