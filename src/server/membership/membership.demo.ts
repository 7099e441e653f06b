import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { insertTiers } from './membership.repository.ts';

/** The demo organization's tiers: entry (free, the default), one more free tier and one paid tier. */
const DEMO_MEMBERSHIP_TIERS = [
  {
    slug: 'entry', name: 'Entry', priceLabel: 'Free', isPaid: false,
    description: 'Free membership for every supporter.',
    perks: ['Earn points and climb the ranks', 'Enter sweepstakes with your points', 'Club news and stories'],
  },
  {
    slug: 'supporter', name: 'Supporter', priceLabel: 'Free', isPaid: false,
    description: 'For regulars on the terrace: still free, with a little more.',
    perks: ['Everything in Entry', 'Match-day polls and pick\'ems first', 'Supporter badge on your profile'],
  },
  {
    slug: 'gold', name: 'Gold', priceLabel: '£4.99 a month', isPaid: true,
    description: 'The full club experience.',
    perks: ['Everything in Supporter', 'Double points on check-ins', 'Members-only sweepstakes', 'Priority ticket window'],
  },
] as const;

export async function seedDemoMembershipTiers(db: Db, organizationId: string): Promise<void> {
  const now = new Date().toISOString();
  await insertTiers(db, DEMO_MEMBERSHIP_TIERS.map((tier, position) => ({
    id: randomUUID(),
    organization_id: organizationId,
    slug: tier.slug,
    name: tier.name,
    description: tier.description,
    perks: JSON.stringify(tier.perks),
    price_label: tier.priceLabel,
    is_paid: tier.isPaid ? 1 : 0,
    position,
    created_at: now,
  })));
}
