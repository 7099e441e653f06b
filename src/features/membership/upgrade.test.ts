import { describe, expect, it } from 'vitest';
import en from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { translator } from '~/shared/i18n/translate.ts';
import type { MembershipTier } from './membership.api.ts';
import { choiceMessage, higherTiers } from './upgrade.ts';

const tier = (slug: string, name: string, position: number, isPaid = false): MembershipTier =>
  ({ slug, name, position, isPaid, description: '', perks: [], priceLabel: '' });
const TIERS = [tier('entry', 'Entry', 0), tier('supporter', 'Supporter', 1), tier('gold', 'Gold', 2, true)];
const slugs = (tiers: MembershipTier[]) => tiers.map((t) => t.slug);

describe('higherTiers', () => {
  it('offers only the tiers above the supporter\'s own', () => {
    expect(slugs(higherTiers(TIERS, 'entry'))).toEqual(['supporter', 'gold']);
    expect(slugs(higherTiers(TIERS, 'supporter'))).toEqual(['gold']);
    expect(slugs(higherTiers(TIERS, 'gold'))).toEqual([]);
  });

  it('goes by position, not by the order of the list', () => {
    expect(slugs(higherTiers([TIERS[2]!, TIERS[0]!, TIERS[1]!], 'supporter'))).toEqual(['gold']);
  });

  it('offers every other tier when the membership is not listed any more', () => {
    expect(slugs(higherTiers(TIERS, 'silver'))).toEqual(['entry', 'supporter', 'gold']);
  });
});

describe('choiceMessage', () => {
  const english = translator(en, 'en');
  it('says what a free choice did, with the right English article', () => {
    const choice = { membership: 'supporter', upgradeRequested: false, message: '' };
    expect(choiceMessage(choice, TIERS[1]!, TIERS, english)).toBe('You are now a Supporter member.');
    expect(choiceMessage({ ...choice, membership: 'entry' }, TIERS[0]!, TIERS, english)).toBe('You are now an Entry member.');
  });

  it('says a paid one is recorded and which membership is kept, in each language', () => {
    const choice = { membership: 'supporter', upgradeRequested: true, message: '' };
    expect(choiceMessage(choice, TIERS[2]!, TIERS, english))
      .toBe('Payment is not available yet; we have recorded your request for Gold. You keep your Supporter membership for now.');
    expect(choiceMessage(choice, TIERS[2]!, TIERS, translator(es, 'es'))).toContain('De momento mantienes tu membresía Supporter.');
  });
});
