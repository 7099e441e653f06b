import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { awardReferralIfProfileComplete } from '../rewards/referral.service.ts';
import type { ProfilePatch } from './profile.schema.ts';
import { findUserById, isUsernameTaken, setWelcomedAt, updateUserProfile } from './user.repository.ts';
import { parseProperties } from './user.service.ts';

/** Applies a profile change; usernames are unique within the organization. */
export async function updateProfile(db: Db, userId: string, patch: ProfilePatch): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError('unauthorized', 'Your account no longer exists. Sign in again.');
  const taken = () => new ApiError('validation_failed', 'Some fields are not valid.', { username: 'That username is taken. Try another.' });
  if (patch.username && await isUsernameTaken(db, user.organization_id, patch.username, userId)) throw taken();
  await updateUserProfile(db, userId, {
    ...(patch.username !== undefined ? { username: patch.username } : {}),
    ...(patch.firstName !== undefined ? { first_name: patch.firstName } : {}),
    ...(patch.lastName !== undefined ? { last_name: patch.lastName } : {}),
    ...(patch.phoneNumber !== undefined ? { phone_number: patch.phoneNumber } : {}),
    ...(patch.zipCode !== undefined ? { zip_code: patch.zipCode } : {}),
    ...(patch.birthday !== undefined ? { birthday: patch.birthday } : {}),
    // Client properties merge over the stored ones; the server-owned keys were refused by the schema.
    ...(patch.properties ? { properties: JSON.stringify({ ...parseProperties(user.properties), ...patch.properties }) } : {}),
    updated_at: new Date().toISOString(),
  }).catch((error: unknown) => {
    // Two supporters claiming one name at the same moment: the database decides.
    throw isUniqueViolation(error) ? taken() : error;
  });
  await awardReferralIfProfileComplete(db, userId);
}

/** The user has seen /welcome: the first-visit rules stop sending them there. */
export async function markWelcomed(db: Db, userId: string): Promise<void> {
  await setWelcomedAt(db, userId, new Date().toISOString());
}
