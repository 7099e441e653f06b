import type { Updateable } from 'kysely';
import { isPostgres, type Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import type { UserTable } from './user.table.ts';

// Every signed-in page reads its user: built and compiled once (../db/prepared.ts).
const userById = prepared((db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));

export function findUserById(db: Db, id: string) {
  return userById.first(db, id);
}

const userHeld = prepared((db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).forUpdate());

/**
 * The user, with their row held (FOR UPDATE) until the transaction ends on PostgreSQL, in one statement: one
 * supporter's writes of one sort run one after another. SQLite runs one write transaction at a time: a plain read.
 */
export function findUserHeld(db: Db, id: string) {
  return isPostgres(db) ? userHeld.first(db, id) : userById.first(db, id);
}

/**
 * PostgreSQL: holds the user's row (FOR UPDATE) until the transaction ends, so one supporter's requests
 * of one sort run one after another. SQLite runs one write transaction at a time: nothing to hold.
 */
export async function lockUser(db: Db, userId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export function findUserByEmail(db: Db, organizationId: string, email: string) {
  return db.selectFrom('users').selectAll()
    .where('organization_id', '=', organizationId).where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: Db, user: { id: string; organization_id: string; email: string; now: string }) {
  await db.insertInto('users').values({
    id: user.id, organization_id: user.organization_id, email: user.email, properties: '{}',
    created_at: user.now, updated_at: user.now,
  }).execute();
}

export function isUsernameTaken(db: Db, organizationId: string, username: string, exceptUserId: string) {
  return db.selectFrom('users').select('id')
    .where('organization_id', '=', organizationId).where('username', '=', username).where('id', '!=', exceptUserId)
    .executeTakeFirst().then(Boolean);
}

/**
 * Profile fields only: points go through server/ledger. With `read`, applies only over the birthday the
 * caller read (so two saves at once cannot both spend the one birthday change); answers whether it applied.
 */
export async function updateUserProfile(
  db: Db,
  id: string,
  changes: Omit<Updateable<UserTable>, 'id' | 'organization_id' | 'points' | 'lifetime_points'>,
  read?: { birthday: string | null; birthdayChanges: number },
): Promise<boolean> {
  let query = db.updateTable('users').set(changes).where('id', '=', id);
  if (read) {
    query = query.where('birthday_changes', '=', read.birthdayChanges)
      .where((eb) => (read.birthday === null ? eb('birthday', 'is', null) : eb('birthday', '=', read.birthday)));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Membership is server-owned (server/membership writes it). The update applies only over the
 * properties the caller read, so a concurrent profile change is never lost; answers whether it applied.
 */
export async function setUserMembership(
  db: Db,
  id: string,
  change: { readProperties: string; properties: string; membershipChosenAt: string; now: string },
): Promise<boolean> {
  const result = await db.updateTable('users')
    .set({ properties: change.properties, membership_chosen_at: change.membershipChosenAt, updated_at: change.now })
    .where('id', '=', id).where('properties', '=', change.readProperties)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** First time only: a repeat keeps the original time. */
export async function setWelcomedAt(db: Db, id: string, now: string) {
  await db.updateTable('users').set({ welcomed_at: now, updated_at: now })
    .where('id', '=', id).where('welcomed_at', 'is', null).execute();
}

/** The two balances only: a read that builds nothing and writes nothing. */
export function findUserPoints(db: Db, id: string) {
  return db.selectFrom('users').select(['organization_id', 'points', 'lifetime_points']).where('id', '=', id).executeTakeFirst();
}
