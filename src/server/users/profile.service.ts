import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { requireUser } from './require-user.ts';
import type { ProfilePatch } from './profile.schema.ts';
import { isUsernameTaken, setWelcomedAt, updateUserProfile } from './user.repository.ts';
import type { UserTable } from './user.table.ts';
import { parseProperties } from './properties.ts';

/** Changes a supporter may make to a birthday once it is set; after that only the club can. */
const BIRTHDAY_CHANGES_ALLOWED = 1;

type BirthdayFields = Pick<UserTable, 'birthday' | 'birthday_set_at'> & { birthday_changes: number };

/**
 * The birthday columns after a patch. Setting a first birthday is free; changing (or clearing) one that
 * was set counts, once; saving the same date again is no change. The time it was set starts the 30 days
 * before a birthday bonus is paid for it.
 */
function nextBirthday(user: BirthdayFields, birthday: string | null | undefined, now: string): Partial<BirthdayFields> {
  if (birthday === undefined || birthday === user.birthday) return {};
  const everSet = user.birthday_set_at !== null || Number(user.birthday_changes) > 0;
  if (!everSet) return { birthday, birthday_set_at: birthday === null ? null : now };
  if (Number(user.birthday_changes) >= BIRTHDAY_CHANGES_ALLOWED) {
    throw new ApiError('birthday_locked', 'api.profile.birthdayLocked', { birthday: 'api.profile.birthdayLocked' });
  }
  return { birthday, birthday_set_at: birthday === null ? null : now, birthday_changes: Number(user.birthday_changes) + 1 };
}

/** Applies a profile change; usernames are unique within the organization. */
export async function updateProfile(db: Db, userId: string, patch: ProfilePatch): Promise<void> {
  // A concurrent save may change the birthday between read and write: then read again (once is enough).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const user = await requireUser(db, userId);
    const taken = () => new ApiError('validation_failed', 'api.fields.invalid', { username: 'api.profile.usernameTaken' });
    if (patch.username && await isUsernameTaken(db, user.organization_id, patch.username, userId)) throw taken();
    const now = new Date().toISOString();
    const applied = await updateUserProfile(db, userId, {
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.firstName !== undefined ? { first_name: patch.firstName } : {}),
      ...(patch.lastName !== undefined ? { last_name: patch.lastName } : {}),
      ...(patch.phoneNumber !== undefined ? { phone_number: patch.phoneNumber } : {}),
      ...(patch.zipCode !== undefined ? { zip_code: patch.zipCode } : {}),
      ...nextBirthday(user, patch.birthday, now),
      // Client properties merge over the stored ones; the server-owned keys were refused by the schema.
      ...(patch.properties ? { properties: JSON.stringify({ ...parseProperties(user.properties), ...patch.properties }) } : {}),
      updated_at: now,
    }, { birthday: user.birthday, birthdayChanges: Number(user.birthday_changes) }).catch((error: unknown) => {
      // Two supporters claiming one name at the same moment: the database decides.
      throw isUniqueViolation(error) ? taken() : error;
    });
    if (applied) return;
  }
  throw new ApiError('conflict', 'api.profile.savedElsewhere');
}

/** The user has seen /welcome: the first-visit rules stop sending them there. */
export async function markWelcomed(db: Db, userId: string): Promise<void> {
  await setWelcomedAt(db, userId, new Date().toISOString());
}
