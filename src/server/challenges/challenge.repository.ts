import { randomInt } from 'node:crypto';
import type { ExpressionBuilder, QueryCreator } from 'kysely';
import { challengesAnsweredOf, challengesAnsweredSelections, type ChallengesAnswered } from '../badges/badge.repository.ts';
import { isPostgres, type Db } from '../db/connection.ts';
import { prepared, preparedByShape } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { ChallengeRowSchema, isReadableChallenge } from './challenge.content.ts';
import type { ChallengeResponseTable, ChallengeSubtype, ChallengeTable, PickemOutcomeTable, TriviaAnswerTable } from './challenge.table.ts';

/** The organization setting listing the challenge ids hidden everywhere (comma-separated). */
const EXCLUDED_SETTING = 'excludedChallengeIds';

/** A challenge with what the caller sees of it, read in the same statement. */
export interface AnsweredChallengeRow extends ChallengeTable {
  /** The texts in other languages (../admin/translations.ts). */
  translations: string;
  /** The organization's EXCLUDED_SETTING, null when unset. */
  excluded_ids: string | null;
  /** The caller's own response (a vote, a pick, a text), null without one or for anonymous callers. */
  response_id: string | null;
  response_index: number | null;
  response_text: string | null;
  /** The outcome set for this challenge (pick'em), else null. */
  outcome: number | null;
}

/**
 * Challenges with the organization's excluded ids, the caller's response and the outcome: one row per
 * challenge, since a setting is unique per organization and key, a response per user and challenge, and
 * an outcome per challenge. An anonymous caller's null user matches no response (`= NULL` is never true).
 */
function selectAnswered(db: Db, userId: string | null) {
  return db.selectFrom('challenges')
    .leftJoin('organization_settings as excluded', (join) => join
      .onRef('excluded.organization_id', '=', 'challenges.organization_id').on('excluded.key', '=', EXCLUDED_SETTING))
    .leftJoin('challenge_responses as mine', (join) => join
      .onRef('mine.challenge_id', '=', 'challenges.id').on('mine.user_id', '=', userId))
    .leftJoin('pickem_outcomes', 'pickem_outcomes.challenge_id', 'challenges.id')
    .selectAll('challenges')
    .select([
      'excluded.value as excluded_ids', 'mine.id as response_id', 'mine.response_index', 'mine.response_text', 'pickem_outcomes.outcome',
    ]);
}

/** Drafts and archived challenges never reach supporters: every supporter's read passes here. */
function selectPublished(db: Db, userId: string | null) {
  return selectAnswered(db, userId).where('challenges.draft', '=', 0).where('challenges.archived_at', 'is', null);
}

function selectVisible(db: Db, organizationId: string, now: string, userId: string | null) {
  return selectPublished(db, userId)
    .where('challenges.organization_id', '=', organizationId)
    .where('challenges.visible_from', '<=', now)
    .orderBy('challenges.visible_from', 'desc').orderBy('challenges.created_at', 'desc').orderBy('challenges.id', 'desc');
}

// Every signed-in page lists or shows challenges: built and compiled once (../db/prepared.ts).
const visible = prepared(selectVisible);
const visibleOfSubtype = prepared((db, organizationId: string, now: string, userId: string | null, subtype: ChallengeSubtype) =>
  selectVisible(db, organizationId, now, userId).where('challenges.subtype', '=', subtype));
const answeredById = prepared((db, organizationId: string, id: string, userId: string | null) =>
  selectPublished(db, userId).where('challenges.organization_id', '=', organizationId).where('challenges.id', '=', id));

// Every read here leaves out a row that fails ChallengeRowSchema (./challenge.content.ts): a detail as for an unknown id.
const readable = <R extends { id: string }>(row: R | undefined): R | undefined => (row && isReadableChallenge(row) ? row : undefined);

/** Challenges visible at `now`, newest first, excluded ids included (the service leaves them out). */
export async function listAnsweredChallenges(
  db: Db, query: { organizationId: string; userId: string | null; now: string; subtype?: ChallengeSubtype | undefined },
): Promise<AnsweredChallengeRow[]> {
  const { organizationId, now, userId, subtype } = query;
  const rows = subtype ? await visibleOfSubtype.all(db, organizationId, now, userId, subtype) : await visible.all(db, organizationId, now, userId);
  return rows.filter(isReadableChallenge);
}

/** One published challenge of the organization as listAnsweredChallenges reads it, visible or not. */
export async function findAnsweredChallenge(db: Db, organizationId: string, id: string, userId: string | null): Promise<AnsweredChallengeRow | undefined> {
  return readable(await answeredById.first(db, organizationId, id, userId));
}

/** A published challenge of the organization. */
export async function findChallenge(db: Db, organizationId: string, id: string): Promise<ChallengeTable | undefined> {
  return readable(await db.selectFrom('challenges').selectAll()
    .where('organization_id', '=', organizationId).where('id', '=', id)
    .where('draft', '=', 0).where('archived_at', 'is', null).executeTakeFirst());
}

/** An organization's challenge, draft or archived too: for operators, who name it by id. */
export async function findChallengeById(db: Db, organizationId: string, id: string): Promise<ChallengeTable | undefined> {
  return readable(await db.selectFrom('challenges').selectAll()
    .where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst());
}

/**
 * PostgreSQL: holds the challenge's row until the transaction ends, shared (picks) or exclusive (the
 * outcome), so an outcome waits for picks in flight. SQLite runs one write transaction at a time.
 */
export async function lockChallenge(db: Db, id: string, mode: 'share' | 'update'): Promise<void> {
  if (!isPostgres(db)) return;
  const query = db.selectFrom('challenges').select('id').where('id', '=', id);
  await (mode === 'share' ? query.forShare() : query.forUpdate()).execute();
}

/** Every writer passes here: a row that fails ChallengeRowSchema is never stored. */
export async function insertChallenges(db: Db, rows: ChallengeTable[]): Promise<void> {
  for (const row of rows) ChallengeRowSchema.parse(row);
  if (rows.length > 0) await db.insertInto('challenges').values(rows).execute();
}

export async function insertOutcomes(db: Db, rows: PickemOutcomeTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('pickem_outcomes').values(rows).execute();
}

// The supporter's answers to a list of challenges: an `in` list of at most a page of them, one prepared query per length.
const responsesIn = preparedByShape((length: number) => (db: Db, userId: string, ...challengeIds: string[]) => db
  .selectFrom('challenge_responses').selectAll().where('user_id', '=', userId).where('challenge_id', 'in', challengeIds.slice(0, length)));
const triviaAnswersIn = preparedByShape((length: number) => (db: Db, userId: string, ...challengeIds: string[]) => db
  .selectFrom('trivia_answers').selectAll().where('user_id', '=', userId).where('challenge_id', 'in', challengeIds.slice(0, length)));

export function listResponses(db: Db, userId: string, challengeIds: string[]): Promise<ChallengeResponseTable[]> {
  if (challengeIds.length === 0) return Promise.resolve([]);
  return responsesIn(challengeIds.length).all(db, userId, ...challengeIds);
}

export function listTriviaAnswers(db: Db, userId: string, challengeIds: string[]): Promise<TriviaAnswerTable[]> {
  if (challengeIds.length === 0) return Promise.resolve([]);
  return triviaAnswersIn(challengeIds.length).all(db, userId, ...challengeIds);
}

const responseInserted = prepared((db, id: string, userId: string, challengeId: string, responseIndex: number | null, responseText: string | null, createdAt: string) => db
  .insertInto('challenge_responses').values({ id, user_id: userId, challenge_id: challengeId, response_index: responseIndex, response_text: responseText, created_at: createdAt }));

export async function insertResponse(db: Db, row: ChallengeResponseTable): Promise<void> {
  await responseInserted.all(db, row.id, row.user_id, row.challenge_id, row.response_index, row.response_text, row.created_at);
}

/** Counter rows per poll option: a poll page shows the shares once voted, from a few rows whatever the votes. */
const TALLY_SHARDS = 8;

// A vote's three steps, built and compiled once (../db/prepared.ts): the answer, one more in a tally, the votes per option.
const tallyRaised = (qc: QueryCreator<Database>, challengeId: string, responseIndex: number, shard: number) => qc
  .insertInto('poll_tallies').values({ challenge_id: challengeId, response_index: responseIndex, shard, votes: 1 })
  .onConflict((oc) => oc.columns(['challenge_id', 'response_index', 'shard']).doUpdateSet((eb) => ({ votes: eb('poll_tallies.votes', '+', 1) })));
const votesOf = (qc: QueryCreator<Database>, challengeId: string) => qc.selectFrom('poll_tallies')
  .select(['response_index', (eb) => eb.fn.sum('votes').as('votes')])
  .where('challenge_id', '=', challengeId)
  .groupBy('response_index');
const voteCounted = prepared((db, challengeId: string, responseIndex: number, shard: number) => tallyRaised(db, challengeId, responseIndex, shard));
const votes = prepared((db, challengeId: string) => votesOf(db, challengeId));
// On PostgreSQL all three in one statement (data-modifying WITHs, then the read), which also reads the badge of ten's
// state for the vote's award (../badges/badge.repository.ts).
const voteRecorded = prepared((db, id: string, userId: string, challengeId: string, responseIndex: number, createdAt: string, shard: number) => votesOf(db
  .with('answered', (qc) => qc.insertInto('challenge_responses').values({
    id, user_id: userId, challenge_id: challengeId, response_index: responseIndex, response_text: null, created_at: createdAt,
  }))
  .with('counted', (qc) => tallyRaised(qc, challengeId, responseIndex, shard)), challengeId)
  .select((eb) => challengesAnsweredSelections(eb as unknown as ExpressionBuilder<Database, never>, userId)));

const votesByIndex = (rows: Array<{ response_index: number; votes: unknown }>) => new Map(rows.map((r) => [Number(r.response_index), Number(r.votes)]));

/**
 * A poll vote (counted in the vote's own transaction, exact: it commits or rolls back with the vote): stores the
 * answer, adds one to a tally row of its option (one of several at random, so concurrent votes seldom queue on one
 * row) and answers the votes per option index, this one included. On PostgreSQL one statement, whose reading part
 * does not see its own WITHs' rows: the vote is added to what it read; it answers the badge of ten's state too
 * (`badge`), this answer counted, unless the poll had no vote before (then the statement has no row to carry it).
 */
export async function recordVote(db: Db, row: ChallengeResponseTable & { response_index: number }): Promise<{ votes: Map<number, number>; badge?: ChallengesAnswered }> {
  const shard = randomInt(TALLY_SHARDS);
  if (isPostgres(db)) {
    const rows = await voteRecorded.all(db, row.id, row.user_id, row.challenge_id, row.response_index, row.created_at, shard);
    const votes = votesByIndex(rows);
    votes.set(row.response_index, (votes.get(row.response_index) ?? 0) + 1);
    return rows[0] ? { votes, badge: challengesAnsweredOf(rows[0], 1) } : { votes };
  }
  await insertResponse(db, row);
  await voteCounted.all(db, row.challenge_id, row.response_index, shard);
  return { votes: await countVotes(db, row.challenge_id) };
}

/** Votes per option index. */
export async function countVotes(db: Db, challengeId: string): Promise<Map<number, number>> {
  return votesByIndex(await votes.all(db, challengeId));
}

const triviaAnswerSaved = prepared((db, userId: string, challengeId: string, questionId: string, responseIndex: number, correct: number, answeredAt: string) => db
  .insertInto('trivia_answers')
  .values({ user_id: userId, challenge_id: challengeId, question_id: questionId, response_index: responseIndex, correct, answered_at: answeredAt })
  .onConflict((oc) => oc.columns(['user_id', 'challenge_id', 'question_id']).doUpdateSet((eb) => ({
    response_index: eb.ref('excluded.response_index'), correct: eb.ref('excluded.correct'), answered_at: eb.ref('excluded.answered_at'),
  }))));

/** Records or changes one trivia answer. */
export async function saveTriviaAnswer(db: Db, row: TriviaAnswerTable): Promise<void> {
  await triviaAnswerSaved.all(db, row.user_id, row.challenge_id, row.question_id, row.response_index, row.correct, row.answered_at);
}

/** Records or changes a pick (one response per user and pick'em). */
export async function savePick(db: Db, row: ChallengeResponseTable): Promise<void> {
  await db.insertInto('challenge_responses').values(row)
    .onConflict((oc) => oc.columns(['user_id', 'challenge_id']).doUpdateSet({ response_index: row.response_index, created_at: row.created_at }))
    .execute();
}

export async function listOutcomes(db: Db, challengeIds: string[]): Promise<Map<string, number>> {
  if (challengeIds.length === 0) return new Map();
  const rows = await db.selectFrom('pickem_outcomes').select(['challenge_id', 'outcome'])
    .where('challenge_id', 'in', challengeIds).execute();
  return new Map(rows.map((r) => [r.challenge_id, Number(r.outcome)]));
}

/** Sets the outcome unless one is set (a concurrent setter waits, then does nothing); answers the outcome in force. */
export async function setOutcomeOnce(db: Db, challengeId: string, outcome: number, now: string): Promise<number> {
  await db.insertInto('pickem_outcomes').values({ challenge_id: challengeId, outcome, set_at: now })
    .onConflict((oc) => oc.column('challenge_id').doNothing()).execute();
  const row = await db.selectFrom('pickem_outcomes').select('outcome').where('challenge_id', '=', challengeId).executeTakeFirstOrThrow();
  return Number(row.outcome);
}

/** Users whose pick is `responseIndex`, in a stable order. */
export async function listPickers(db: Db, challengeId: string, responseIndex: number): Promise<string[]> {
  const rows = await db.selectFrom('challenge_responses').select('user_id')
    .where('challenge_id', '=', challengeId).where('response_index', '=', responseIndex).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}
