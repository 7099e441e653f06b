import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ConsentTable, UserConsentEventTable } from './consent.table.ts';

export async function insertConsents(db: Db, consents: Insertable<ConsentTable>[]): Promise<void> {
  if (consents.length > 0) await db.insertInto('consents').values(consents).execute();
}

export function findActiveConsent(db: Db, organizationId: string, id: string) {
  return db.selectFrom('consents').selectAll()
    .where('organization_id', '=', organizationId).where('id', '=', id).where('active', '=', 1)
    .executeTakeFirst();
}

/** The organization's active consents with this user's current answer (null where never answered). */
export function listConsentsForUser(db: Db, organizationId: string, userId: string) {
  return db.selectFrom('consents as c')
    .leftJoin('user_consents as uc', (join) => join.onRef('uc.consent_id', '=', 'c.id').on('uc.user_id', '=', userId))
    .select(['c.id', 'c.key', 'c.name', 'c.description', 'uc.value', 'uc.data', 'uc.updated_at'])
    .where('c.organization_id', '=', organizationId).where('c.active', '=', 1)
    .orderBy('c.position').orderBy('c.name')
    .execute();
}

export function findUserConsent(db: Db, userId: string, consentId: string) {
  return db.selectFrom('user_consents').selectAll()
    .where('user_id', '=', userId).where('consent_id', '=', consentId)
    .executeTakeFirst();
}

/**
 * Appends the change to the history and moves the current answer to it. Run inside a transaction.
 * The current row only moves forward in time, so a slower concurrent change cannot overwrite a newer one.
 */
export async function recordUserConsent(db: Db, event: UserConsentEventTable): Promise<void> {
  await db.insertInto('user_consent_events').values(event).execute();
  const { user_id, consent_id, value, data, created_at } = event;
  await db.insertInto('user_consents')
    .values({ user_id, consent_id, value, data, updated_at: created_at })
    .onConflict((oc) => oc.columns(['user_id', 'consent_id'])
      .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') }))
      .whereRef('user_consents.updated_at', '<=', 'excluded.updated_at'))
    .execute();
}

export function listUserConsentEvents(db: Db, userId: string) {
  return db.selectFrom('user_consent_events').selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at').orderBy('id')
    .execute();
}
