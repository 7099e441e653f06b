import type { Selectable } from 'kysely';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationById, listRanks } from '../organization/organization.repository.ts';
import { payBirthdayBonus } from '../rewards/birthday.service.ts';
import { isKnownUnderage } from './age.ts';
import { answeredProperties, parseProperties } from './properties.ts';
import { rankFor } from './rank.ts';
import { requireUser } from './require-user.ts';
import type { User } from './user.schema.ts';
import type { UserTable } from './user.table.ts';



/** `knownUnderage`: under 18 by the birthday given, for whom there is no welcome. */
function onboardingDone(user: Pick<UserTable, 'membership_chosen_at' | 'welcomed_at'>, knownUnderage: boolean): boolean {
  return !!user.membership_chosen_at && (!!user.welcomed_at || knownUnderage);
}

/**
 * `known`: what the request's caller carries: the organization and its time zone (then the user row and
 * the ranks are read at once), and the user's row read with the session (then it is not read again).
 * `locale`: the caller's language, which the ranks' names are in.
 */
export async function getCurrentUser(
  db: Db, userId: string, known?: { organizationId: string; timeZone: string; user?: Selectable<UserTable> | null }, locale: Locale = 'en',
): Promise<User> {
  // Every page asks for the user: without a birthday that is the user row and the ranks (2 statements, or 1).
  const [read, knownRanks] = await Promise.all([
    known?.user?.id === userId ? known.user : requireUser(db, userId),
    known ? listRanks(db, known.organizationId) : undefined,
  ]);
  let user = read;
  let birthdayBonusPoints = 0;
  let knownUnderage = false;
  if (user.birthday) {
    // The time zone matters only to the birthday and the age, which need a birthday.
    const timeZone = known?.timeZone ?? (await findOrganizationById(db, user.organization_id))?.time_zone ?? 'UTC';
    const bonus = await payBirthdayBonus(db, userId, new Date(), { user, timeZone });
    birthdayBonusPoints = bonus.properties.birthdayBonusPoints ?? 0;
    // The bonus may just have been paid: the balances below include it.
    if (bonus.paid) user = await requireUser(db, userId);
    knownUnderage = isKnownUnderage(user.birthday, timeZone);
  }
  const ranks = knownRanks ?? await listRanks(db, user.organization_id);
  const lifetimePoints = Number(user.lifetime_points);
  return {
    userId: user.id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    phoneNumber: user.phone_number,
    zipCode: user.zip_code,
    birthday: user.birthday,
    properties: answeredProperties(parseProperties(user.properties), birthdayBonusPoints),
    points: Number(user.points),
    lifetimePoints,
    ...rankFor(ranks, lifetimePoints, locale),
    avatarUrl: user.avatar_url,
    underage: !user.birthday || knownUnderage,
    birthdayMissing: !user.birthday,
    isNewUser: !onboardingDone(user, knownUnderage),
    membershipChosen: !!user.membership_chosen_at,
    welcomed: !!user.welcomed_at,
  };
}

/** The server refuses what the UI hides from under-18 users, and says why. */
export function assertAdult(user: Pick<User, 'underage' | 'birthdayMissing'>, refusal: 'api.underage.profileEdit' | 'api.underage.welcome'): void {
  // A supporter without a birthday may edit the profile (to give one) and see the welcome.
  if (user.underage && !user.birthdayMissing) throw new ApiError('forbidden', refusal);
}
