import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * The first moment after `now` (ISO 8601 UTC) at which a challenge appears or closes, a story starts or
 * stops, a reward card, an activation or a sweepstake starts or ends, or undefined: until then what a signed-in page lists stays as it is, so
 * a kept page that declares the schedule (src/lib/cache/kept-page.ts) is kept no longer. One statement for every schedule.
 */
export async function findNextScheduleChange(db: Db, organizationId: string, now: string): Promise<string | undefined> {
  type Timed = 'challenges' | 'stories' | 'carousel_cards' | 'activations' | 'sweepstakes';
  const after = (table: Timed, column: 'visible_from' | 'expires_on' | 'starts_at' | 'stops_at' | 'ends_at') =>
    db.selectFrom(table).select(sql<string>`min(${sql.ref(column)})`.as('moment'))
      .where('organization_id', '=', organizationId).where(sql.ref(column), '>', now);
  const rows = await after('challenges', 'visible_from')
    .unionAll(after('challenges', 'expires_on'))
    .unionAll(after('stories', 'starts_at'))
    .unionAll(after('stories', 'stops_at'))
    // The club's reward cards appear and go, activations open and close, sweepstakes start and end (the console's schedules).
    .unionAll(after('carousel_cards', 'starts_at'))
    .unionAll(after('carousel_cards', 'ends_at'))
    .unionAll(after('activations', 'starts_at'))
    .unionAll(after('activations', 'stops_at'))
    .unionAll(after('sweepstakes', 'starts_at'))
    .unionAll(after('sweepstakes', 'ends_at'))
    .execute();
  const moments = rows.map((row) => row.moment).filter((value): value is string => typeof value === 'string');
  return moments.length ? moments.sort()[0] : undefined;
}
