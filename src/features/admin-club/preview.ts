import type { Activation } from '~/features/activations/activations.api.ts';
import type { CarouselCard } from '~/features/carousel/carousel.api.ts';
import type { Experience } from '~/features/experiences/experiences.api.ts';
import type { MembershipTier } from '~/features/membership/membership.api.ts';
import type { Sweepstake } from '~/features/sweepstakes/sweepstakes.api.ts';
import type { AdminActivation, AdminCarouselCard, AdminExperience, AdminSweepstake } from './admin-club.api.ts';

// An item as a supporter would be given it by the supporters' API, for the console's preview: its texts in
// the preview's language where the club wrote them (else English), as a signed-in adult or under-18 sees it.

type Lang = 'en' | 'es';
/** The item's texts in `lang`, where written, over the English ones. */
function texts<T extends { translations: { es?: Record<string, string | undefined> | undefined } }>(item: T, lang: Lang): T {
  if (lang === 'en') return item;
  const es = Object.fromEntries(Object.entries(item.translations.es ?? {}).filter(([, v]) => v));
  return { ...item, ...es };
}

/** The card, or null when an under-18 supporter is not given it. */
export function previewCard(item: AdminCarouselCard, lang: Lang, minor: boolean): CarouselCard | null {
  if (minor && item.underageGate) return null;
  const c = texts(item, lang);
  return { id: c.id, title: c.title, description: c.description, points: c.points, image: c.image, url: c.url, cta: c.cta, icon: c.icon, underageGate: c.underageGate, isAd: c.isAd };
}

export function previewActivation(item: AdminActivation, lang: Lang, now = new Date()): Activation {
  const a = texts(item, lang);
  const at = now.toISOString();
  return {
    id: a.id, slug: a.slug, title: a.title, description: a.description, badge: { name: a.badgeName, image: a.badgeImage }, points: a.points,
    startsAt: a.startsAt, stopsAt: a.stopsAt, status: at < a.startsAt ? 'upcoming' : at < a.stopsAt ? 'open' : 'over', earnedAt: null,
  };
}

/**
 * `tiers`: the club's membership tiers in the preview's language. As the supporters' API does, the tiers
 * that unlock it are named as a supporter reads them, in the club's order; a slug no tier has is left out.
 */
export function previewExperience(item: AdminExperience, lang: Lang, minor: boolean, tiers: Pick<MembershipTier, 'slug' | 'name'>[]): Experience {
  const e = texts(item, lang);
  const placesLeft = Math.max(0, e.places - e.placesTaken);
  return {
    id: e.id, slug: e.slug, title: e.title, description: e.description, image: e.image, tiers: tiers.filter((tier) => e.tiers.includes(tier.slug)).map(({ slug, name }) => ({ slug, name })),
    adultsOnly: e.adultsOnly, places: e.places, placesLeft, unlocked: true, requestedAt: null,
    state: placesLeft === 0 ? 'sold_out' : e.adultsOnly && minor ? 'adults_only' : 'available',
  };
}

export function previewSweepstake(item: AdminSweepstake, lang: Lang, minor: boolean): Sweepstake {
  const s = texts(item, lang);
  const live = s.phase === 'live' && !s.cancelledAt;
  const blockedBy = s.cancelledAt ? 'cancelled' : s.phase !== 'live' ? s.phase : minor ? 'underage' : null;
  return {
    sweepstakeId: s.id, slug: s.slug, status: s.phase, mediaId: s.mediaId, startsAt: s.startsAt, endsAt: s.endsAt, title: s.title,
    description: s.description, prize: s.prize, prizeValue: s.prizeValue, currency: s.currency, sponsor: s.sponsor, costPerEntry: s.costPerEntry,
    maxEntriesPerSupporter: s.maxEntriesPerSupporter, winnerCount: s.winnerCount, totalEntries: s.totalEntries, entryCount: 0, freeEntryUsed: false,
    entry: { canEnter: live && !minor, blockedBy, remaining: s.maxEntriesPerSupporter, affordable: 0, freeEntryAvailable: live && !minor },
    commitment: s.commitment, entriesHash: s.record?.entriesHash ?? null, beacon: s.record?.beacon ?? null, seed: s.record?.seed ?? null,
    drawnAt: s.record?.drawnAt ?? null, cancelledAt: s.cancelledAt,
    winners: (s.record?.winners ?? []).map((w) => ({ position: w.position, name: w.name, holder: w.holder, entryId: w.entryId, ticket: w.ticket, you: false })),
  };
}
