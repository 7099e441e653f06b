import { appendAudit, type Writer } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { isUnderage } from '../users/age.ts';
import { findMemberBirthday, setMemberBirthday } from './birthday.repository.ts';

export interface BirthdayFix { birthday: string; reason: string }

/**
 * Support sets a supporter's birthday whatever their own change limit (a wrong date that made an adult a
 * minor, who may not edit the profile). The bonus rules stay those of any change: the date counts as set now,
 * so its bonus waits the usual 30 days, and the bonus of a year is one ledger entry (`birthday:<year>`), so a
 * fixed date never pays a second one in a year that paid already. Audited with before, after and the reason.
 */
export async function fixBirthday(db: Db, writer: Writer, organizationId: string, userId: string, fix: BirthdayFix, timeZone: string) {
  const member = await findMemberBirthday(db, organizationId, userId);
  if (!member) throw new ApiError('not_found', 'api.requests.memberNotFound');
  const answer = { id: member.id, birthday: fix.birthday, underage: isUnderage(fix.birthday, timeZone) };
  if (member.birthday === fix.birthday) {
    writer.unchanged?.();
    return { ...answer, changed: false };
  }
  await setMemberBirthday(db, userId, fix.birthday, new Date().toISOString());
  await appendAudit(db, writer, {
    action: 'member.birthday', kind: 'member', id: userId,
    before: { birthday: member.birthday, underage: isUnderage(member.birthday, timeZone) },
    after: { birthday: fix.birthday, underage: answer.underage, reason: fix.reason },
  });
  return { ...answer, changed: true };
}
