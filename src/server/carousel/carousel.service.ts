import type { Locale } from '../../shared/i18n/locales.ts';
import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import { isUnderage } from '../users/age.ts';
import { DEMO_CARD_IDS, DEMO_CARDS } from './carousel.demo.ts';
import { insertDismissal, listDismissedCardIds } from './carousel.repository.ts';
import type { CarouselCard } from './carousel.schema.ts';

export interface CarouselReader {
  userId: string;
  birthday: string | null;
  timeZone: string;
}

/**
 * The supporter's cards: those they dismissed are gone for good, and gated cards never reach a
 * supporter under 18 (the server decides; the page only shows what it is given).
 */
export async function listCards(db: Db, reader: CarouselReader, locale: Locale, now = new Date()): Promise<CarouselCard[]> {
  const dismissed = new Set(await listDismissedCardIds(db, reader.userId));
  const underage = isUnderage(reader.birthday, reader.timeZone, now);
  return DEMO_CARDS
    .filter((card) => !dismissed.has(card.id) && !(underage && card.underageGate))
    .map((card) => ({
      ...card, title: card.title[locale], description: card.description[locale], cta: card.cta[locale],
    }));
}

/** Hides a card for this supporter for good; dismissing it again changes nothing. An unknown id is a 404. */
export async function dismissCard(db: Db, userId: string, cardId: string, now = new Date()): Promise<void> {
  if (!DEMO_CARD_IDS.has(cardId)) throw new ApiError('not_found', msg('api.carousel.unknown', { id: cardId }));
  await insertDismissal(db, { user_id: userId, card_id: cardId, dismissed_at: now.toISOString() });
}
