import type { Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import { isUnderage } from '../users/age.ts';
import { DEMO_CARD_IDS, DEMO_CARDS } from './carousel.demo.ts';
import { hasClubCard, insertDismissal, listDismissedCardIds, listLiveClubCards } from './carousel.repository.ts';
import type { CarouselCard } from './carousel.schema.ts';

export interface CarouselReader {
  organizationId: string;
  userId: string;
  birthday: string | null;
  timeZone: string;
}

/**
 * The supporter's cards: those they dismissed are gone for good, and gated cards never reach a
 * supporter under 18 (the server decides; the page only shows what it is given).
 */
export async function listCards(db: Db, reader: CarouselReader, locale: Locale, now = new Date()): Promise<CarouselCard[]> {
  const [dismissedIds, clubRows] = await Promise.all([listDismissedCardIds(db, reader.userId), listLiveClubCards(db, reader.organizationId, now)]);
  const dismissed = new Set(dismissedIds);
  const underage = isUnderage(reader.birthday, reader.timeZone, now);
  const demo = DEMO_CARDS.map((card) => ({
    ...card, title: card.title[locale], description: card.description[locale], cta: card.cta[locale],
  }));
  // The club's own cards follow the built-in ones, in the language of the request where the club wrote it.
  const club = clubRows.map((row) => localized({
    id: row.id, title: row.title, description: row.description, points: Number(row.points), image: row.image, url: row.url,
    cta: row.cta, icon: row.icon, underageGate: Number(row.underage_gate) === 1, isAd: Number(row.is_ad) === 1,
  }, row.translations, locale));
  return [...demo, ...club].filter((card) => !dismissed.has(card.id) && !(underage && card.underageGate));
}

/** Hides a card for this supporter for good; dismissing it again changes nothing. An unknown id is a 404. */
export async function dismissCard(db: Db, organizationId: string, userId: string, cardId: string, now = new Date()): Promise<void> {
  if (!DEMO_CARD_IDS.has(cardId) && !(await hasClubCard(db, organizationId, cardId))) throw new ApiError('not_found', msg('api.carousel.unknown', { id: cardId }));
  await insertDismissal(db, { user_id: userId, card_id: cardId, dismissed_at: now.toISOString() });
}
