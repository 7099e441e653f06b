import { statusCondition } from '../admin/club-content.repository.ts';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import { keepValid } from '../stored/stored.ts';
import { CarouselCardRowSchema } from './carousel.admin.ts';

const dismissedBy = prepared((db, userId: string) => db.selectFrom('carousel_dismissals').select('card_id').where('user_id', '=', userId));

export async function listDismissedCardIds(db: Db, userId: string): Promise<string[]> {
  const rows = await dismissedBy.all(db, userId);
  return rows.map((row) => row.card_id);
}

/** A second dismissal of the same card (a retry, another tab) changes nothing. */
export async function insertDismissal(db: Db, row: { user_id: string; card_id: string; dismissed_at: string }): Promise<void> {
  await db.insertInto('carousel_dismissals').values(row)
    .onConflict((oc) => oc.columns(['user_id', 'card_id']).doNothing()).execute();
}

const liveCards = prepared((db, organizationId: string, now: string) => db.selectFrom('carousel_cards').selectAll()
  .where('organization_id', '=', organizationId)
  .where(statusCondition({ draft: 'draft', archivedAt: 'archived_at', startsAt: 'starts_at', endsAt: 'ends_at' }, 'live', now))
  .orderBy('position').orderBy('created_at').orderBy('id'));

/** The club's cards a supporter may see now (published, not archived, within their window), in display order. */
export async function listLiveClubCards(db: Db, organizationId: string, now = new Date()) {
  const rows = await liveCards.all(db, organizationId, now.toISOString());
  return keepValid('carousel card', rows, CarouselCardRowSchema);
}

/** Whether the club has this card (any state): a supporter may dismiss it. */
export async function hasClubCard(db: Db, organizationId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('carousel_cards').select('id').where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst());
}
