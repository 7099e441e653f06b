import type { Db } from '../db/connection.ts';

/** A supporter of the club, with the birthday columns the fix reads. */
export function findMemberBirthday(db: Db, organizationId: string, userId: string) {
  return db.selectFrom('users').select(['id', 'birthday', 'birthday_set_at', 'birthday_changes'])
    .where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
}

/** The club's fix: the birthday and when it was set; the supporter's own change count is left as it is. */
export async function setMemberBirthday(db: Db, userId: string, birthday: string, now: string): Promise<void> {
  await db.updateTable('users').set({ birthday, birthday_set_at: now, updated_at: now }).where('id', '=', userId).execute();
}
