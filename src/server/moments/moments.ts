import type { Db } from '../db/connection.ts';
import { listSettings } from '../organization/organization.repository.ts';
import { parseSettings } from '../organization/settings.ts';
import type { RankStanding } from '../users/standing.schema.ts';
import { STREAK_MILESTONES, type Moment } from './moment.schema.ts';

// The moments an answer can make, built once here: the services decide that one happened (in the award's
// transaction), these say it with what the celebration shows (the club's crest, the ranks' names).

/** The club's crest, the picture of every moment but a badge's. Read only when a moment happened. */
async function crestOf(db: Db, organizationId: string): Promise<string> {
  return parseSettings(await listSettings(db, organizationId), organizationId).crestUrl;
}

/** A new rank reached: the rank, and the next one with what it brings. */
export async function levelUpMoment(db: Db, organizationId: string, standing: RankStanding): Promise<Moment> {
  return { kind: 'levelUp', picture: await crestOf(db, organizationId), rank: standing.rank, nextRank: standing.nextRank };
}

/** The streak's moment when `days` is one of the milestones (a week, a month, 100 days, a year), else none. */
export async function streakMoments(db: Db, organizationId: string, days: number): Promise<Moment[]> {
  if (!(STREAK_MILESTONES as readonly number[]).includes(days)) return [];
  return [{ kind: 'streak', picture: await crestOf(db, organizationId), days }];
}

/** A supporter's first sweepstake entry ever. */
export async function firstEntryMoment(db: Db, organizationId: string): Promise<Moment> {
  return { kind: 'firstEntry', picture: await crestOf(db, organizationId) };
}
