import type { MembershipChoice, MembershipTier } from './membership.api.ts';
import type { Translate } from '~/shared/i18n/translate.ts';

/**
 * The tiers an upgrade may offer: those placed above the supporter's own (tiers come in display
 * order, lowest first, with their `position`). A membership the organization no longer lists
 * offers every other tier.
 */
export function higherTiers(tiers: readonly MembershipTier[], current: string): MembershipTier[] {
  const mine = tiers.find((tier) => tier.slug === current);
  return tiers.filter((tier) => (mine ? tier.position > mine.position : tier.slug !== current));
}

/** What choosing a tier did, in the page's language ("You are now a Supporter member."). */
export function choiceMessage(choice: MembershipChoice, tier: MembershipTier, tiers: readonly MembershipTier[], t: Translate): string {
  if (choice.upgradeRequested) {
    const kept = tiers.find((candidate) => candidate.slug === choice.membership)?.name ?? choice.membership;
    return t('membership.requestRecorded', { tier: tier.name, current: kept });
  }
  // English says "an Entry member": the article follows the club's tier name.
  return /^[aeiou]/i.test(tier.name) ? t('membership.nowMemberVowel', { tier: tier.name }) : t('membership.nowMember', { tier: tier.name });
}
