import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ApiError, msg, type ApiText } from '../errors.ts';
import { setUserMembership } from '../users/user.repository.ts';
import { requireUser } from '../users/require-user.ts';
import { currentMembership, DEFAULT_MEMBERSHIP, parseProperties } from '../users/properties.ts';
import { findTierBySlug, insertPendingUpgradeRequest, listPendingUpgradeRequests, listTiers } from './membership.repository.ts';
import type { MembershipChoice as ChoiceAnswer, MembershipTier, MyMembership } from './membership.schema.ts';
import { tierTextsIn, type StoredTierTexts } from './membership.texts.ts';
import type { Locale } from '../../shared/i18n/locales.ts';

/** Spec: entry is the default membership level. */
export { currentMembership, DEFAULT_MEMBERSHIP };

/** The answer before the route writes its message in the request's language. */
export type MembershipChoice = Omit<ChoiceAnswer, 'message'> & { message: ApiText };

/** The tier as a reader of `locale` sees it: the club's words in their language where written (./membership.texts.ts). */
function toTier(row: StoredTierTexts & { is_paid: number; position: number }, locale: Locale): MembershipTier {
  return {
    slug: row.slug,
    ...tierTextsIn(row, locale),
    isPaid: Number(row.is_paid) === 1,
    position: Number(row.position),
  };
}

export async function getTiers(db: Db, organizationId: string, locale: Locale): Promise<MembershipTier[]> {
  return (await listTiers(db, organizationId)).map((row) => toTier(row, locale));
}

async function requireTier(db: Db, organizationId: string, slug: string) {
  const tier = await findTierBySlug(db, organizationId, slug);
  if (!tier) throw new ApiError('not_found', msg('api.membership.unknown', { slug }));
  return tier;
}

export async function getTier(db: Db, organizationId: string, slug: string, locale: Locale): Promise<MembershipTier> {
  return toTier(await requireTier(db, organizationId, slug), locale);
}


/** "a Supporter", "an Entry": tier names are words chosen by the club; English picks the article by the name. */
function nowMember(name: string): ApiText {
  return msg(/^[aeiou]/i.test(name) ? 'api.membership.nowAn' : 'api.membership.nowA', { name });
}

/**
 * Writes `properties.membership` (and the first choice time) over the properties just read;
 * a concurrent profile change makes the write miss, so it is read and tried again.
 */
async function writeMembership(db: Db, userId: string, membership: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const user = await requireUser(db, userId);
    const now = new Date().toISOString();
    const applied = await setUserMembership(db, userId, {
      readProperties: user.properties,
      properties: JSON.stringify({ ...parseProperties(user.properties), membership }),
      membershipChosenAt: user.membership_chosen_at ?? now,
      now,
    });
    if (applied) return;
  }
  throw new ApiError('unavailable', 'api.membership.changedWhileSaving');
}

/**
 * A free tier becomes the user's membership. A paid tier is recorded as a pending upgrade request
 * (payment does not exist yet): the user keeps their membership, or gets entry if they had none.
 * Either way the user has now been through the choice.
 */
export async function chooseMembership(
  db: Db,
  caller: { organizationId: string; userId: string },
  slug: string,
  locale: Locale,
): Promise<MembershipChoice> {
  const tier = await requireTier(db, caller.organizationId, slug);
  const user = await requireUser(db, caller.userId);
  const current = currentMembership(parseProperties(user.properties));
  if (!Number(tier.is_paid) || current === tier.slug) {
    await writeMembership(db, caller.userId, tier.slug);
    return { membership: tier.slug, upgradeRequested: false, message: nowMember(tierTextsIn(tier, locale).name) };
  }
  await insertPendingUpgradeRequest(db, {
    id: randomUUID(), organization_id: caller.organizationId, user_id: caller.userId, tier_id: tier.id,
    now: new Date().toISOString(),
  });
  await writeMembership(db, caller.userId, current);
  const kept = await findTierBySlug(db, caller.organizationId, current);
  return {
    membership: current,
    upgradeRequested: true,
    message: msg('api.membership.upgradeRecorded', { name: tierTextsIn(tier, locale).name, kept: kept ? tierTextsIn(kept, locale).name : current }),
  };
}

export async function getMyMembership(db: Db, caller: { organizationId: string; userId: string }, locale: Locale): Promise<MyMembership> {
  const user = await requireUser(db, caller.userId);
  const membership = currentMembership(parseProperties(user.properties));
  const [tier, pending] = await Promise.all([
    findTierBySlug(db, caller.organizationId, membership),
    listPendingUpgradeRequests(db, caller.userId),
  ]);
  return {
    membership,
    tier: tier ? toTier(tier, locale) : null,
    membershipChosen: !!user.membership_chosen_at,
    pendingUpgrades: pending.map((r) => ({ membership: r.slug, name: tierTextsIn(r, locale).name, status: r.status, requestedAt: r.created_at })),
  };
}
