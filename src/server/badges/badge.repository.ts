import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import { sentWithNext } from '../db/pg-named.ts';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { clubSnapshot, forgetClub } from '../organization/club-snapshot.ts';
import type { BadgeTable, MilestoneEarnedTable } from './badge.table.ts';

// Every award looks for milestones reached: built and compiled once (../db/prepared.ts).
const badgeRows = prepared((db, organizationId: string) => db.selectFrom('badges').selectAll().where('organization_id', '=', organizationId));
const milestoneInserted = prepared((db, userId: string, milestone: string, earnedAt: string) => db.insertInto('milestones_earned')
  .values({ user_id: userId, milestone, earned_at: earnedAt } satisfies Record<keyof MilestoneEarnedTable, unknown>)
  .onConflict((oc) => oc.columns(['user_id', 'milestone']).doNothing())
  .returning('earned_at'));

/** The club's badges: kept under its content version (../organization/club-snapshot.ts; migration 040). Not to be changed. */
export function listBadgeRows(db: Db, organizationId: string): Promise<readonly BadgeTable[]> {
  return clubSnapshot(organizationId, 'badges', async () => Object.freeze(await badgeRows.all(db, organizationId)));
}

/** Sets a milestone badge's name and picture, replacing what the club had set. */
export async function saveBadgeRow(db: Db, row: BadgeTable): Promise<void> {
  await db.insertInto('badges').values(row)
    .onConflict((oc) => oc.columns(['organization_id', 'milestone']).doUpdateSet({ name: row.name, image: row.image, translations: row.translations, updated_at: row.updated_at }))
    .execute();
  forgetClub(row.organization_id);
}

// Its answer is not read: it goes out with the write's next statement on PostgreSQL.
const milestoneInsertedUnread = prepared((db, userId: string, milestone: string, earnedAt: string) => sentWithNext(db.insertInto('milestones_earned')
  .values({ user_id: userId, milestone, earned_at: earnedAt } satisfies Record<keyof MilestoneEarnedTable, unknown>)
  .onConflict((oc) => oc.columns(['user_id', 'milestone']).doNothing())));

/** Records a milestone (a repeat changes nothing), not waiting for its answer: one no one can hold yet, or one held. */
export async function insertMilestoneUnread(db: Db, row: MilestoneEarnedTable): Promise<void> {
  await milestoneInsertedUnread.all(db, row.user_id, row.milestone, row.earned_at);
}

/** Records a milestone reached; false when the supporter had it already (a repeat changes nothing). */
export async function insertMilestone(db: Db, row: MilestoneEarnedTable): Promise<boolean> {
  return (await milestoneInserted.first(db, row.user_id, row.milestone, row.earned_at)) !== undefined;
}

export function listMilestonesEarned(db: Db, userId: string): Promise<MilestoneEarnedTable[]> {
  return db.selectFrom('milestones_earned').selectAll().where('user_id', '=', userId).execute();
}

/** Whether the supporter holds the badge of ten challenges, and how many challenges they have answered. */
export interface ChallengesAnswered { held: boolean; answered: number }

/**
 * What `ChallengesAnswered` is read from, as a statement's selections: the badge held (then nothing is asked of it
 * again), and the challenges answered: a response of any kind, or a quiz answered (each counted once). Read alone,
 * or in a poll vote's own statement on PostgreSQL (../challenges/challenge.repository.ts `recordVote`).
 */
export function challengesAnsweredSelections(eb: ExpressionBuilder<Database, never>, userId: string) {
  return [
    eb.exists(eb.selectFrom('milestones_earned').select('user_id').where('user_id', '=', userId).where('milestone', '=', 'challenges-10')).as('held'),
    eb.selectFrom('challenge_responses').select((c) => c.fn.count<number>('challenge_id').as('n')).where('user_id', '=', userId).as('responses'),
    eb.selectFrom('trivia_answers').select((c) => c.fn.count<number>('challenge_id').distinct().as('n')).where('user_id', '=', userId).as('quizzes'),
  ] as const;
}

/** `unseen`: responses the statement wrote but could not see (a WITH's rows). */
export function challengesAnsweredOf(row: { held: unknown; responses: unknown; quizzes: unknown } | undefined, unseen = 0): ChallengesAnswered {
  return { held: Boolean(Number(row?.held ?? 0)), answered: Number(row?.responses ?? 0) + unseen + Number(row?.quizzes ?? 0) };
}

/** `ChallengesAnswered`, in one statement. */
export async function readChallengesAnswered(db: Db, userId: string): Promise<ChallengesAnswered> {
  return challengesAnsweredOf(await challengesAnswered.first(db, userId));
}

// Every challenge answered but a poll vote on PostgreSQL asks it (the badge of ten): built and compiled once.
const challengesAnswered = prepared((db, userId: string) => db.selectNoFrom((eb) => challengesAnsweredSelections(eb as ExpressionBuilder<Database, never>, userId)));
