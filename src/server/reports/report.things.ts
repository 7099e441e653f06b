import type { Db } from '../db/connection.ts';
import * as q from './report.repository.ts';
import type { ReportScope } from './report.scope.ts';
import { listSnapshots, listThingRows, type ThingRow } from './rollup.repository.ts';

// A challenge's or sweepstake's figures over its whole life. Votes and picks can change while it runs, so they
// are not kept per day: the job takes them whole every few minutes (./rollup.job.ts), and for good once it has
// ended. A report reads the last snapshot, and counts now only what has none yet.

export type ThingKind = 'challenge' | 'sweepstake';

/** participants, quiz-right, quiz-answers (key ''), votes (key: the option's index). */
async function countChallenges(db: Db, scope: ReportScope, ids: readonly string[]): Promise<ThingRow[]> {
  const [participants, quiz, votes] = await Promise.all([
    q.countParticipants(db, scope.audience, ids), q.countQuizAnswers(db, scope.audience, ids), q.countVotes(db, scope.audience, ids),
  ]);
  return [
    ...[...participants].map(([thing, value]) => ({ thing, figure: 'participants', key: '', value })),
    ...quiz.flatMap((r) => [{ thing: r.challengeId, figure: 'quiz-right', key: '', value: r.right }, { thing: r.challengeId, figure: 'quiz-answers', key: '', value: r.answers }]),
    ...votes.map((r) => ({ thing: r.challengeId, figure: 'votes', key: String(r.option), value: r.votes })),
  ];
}

/** tickets, entrants (key ''). */
async function countSweepstakes(db: Db, scope: ReportScope, ids: readonly string[]): Promise<ThingRow[]> {
  return (await q.countEntries(db, scope.audience, ids)).flatMap((r) => [
    { thing: r.sweepstakeId, figure: 'tickets', key: '', value: r.tickets }, { thing: r.sweepstakeId, figure: 'entrants', key: '', value: r.entrants },
  ]);
}

export const countThings = (db: Db, scope: ReportScope, kind: ThingKind, ids: readonly string[]) =>
  (kind === 'challenge' ? countChallenges : countSweepstakes)(db, scope, ids);

/** The figures of things `ids`, and when the oldest of them was taken (null: all counted now). */
export async function readThings(db: Db, scope: ReportScope, kind: ThingKind, ids: readonly string[]): Promise<{ rows: ThingRow[]; asOf: string | null }> {
  const snapshots = await listSnapshots(db, scope, ids);
  const taken = new Set(snapshots.map((s) => s.thing));
  const [kept, live] = await Promise.all([listThingRows(db, scope, [...taken]), countThings(db, scope, kind, ids.filter((id) => !taken.has(id)))]);
  const asOf = snapshots.filter((s) => !s.final).map((s) => s.taken_at).sort()[0] ?? null;
  return { rows: [...kept, ...live], asOf };
}

/**
 * What the club owes (the spendable balances of every supporter), kept by the job under this name as a thing's
 * figures are: no closed day holds it, and counting it reads every supporter (a million index entries, about 110 ms).
 */
export const OUTSTANDING = 'club:outstanding';

export async function countOutstanding(db: Db, scope: ReportScope): Promise<ThingRow[]> {
  const { holders, points } = await q.sumOutstanding(db, scope.audience);
  return [{ thing: OUTSTANDING, figure: 'holders', key: '', value: holders }, { thing: OUTSTANDING, figure: 'points', key: '', value: points }];
}

/** What the club owes as the job last took it (asOf: when), or counted now before the job has. */
export async function readOutstanding(db: Db, scope: ReportScope): Promise<{ holders: number; points: number; asOf: string | null }> {
  const [snapshot] = await listSnapshots(db, scope, [OUTSTANDING]);
  const rows = snapshot ? await listThingRows(db, scope, [OUTSTANDING]) : await countOutstanding(db, scope);
  const figure = figuresOf(rows, OUTSTANDING);
  return { holders: figure('holders'), points: figure('points'), asOf: snapshot?.taken_at ?? null };
}

/** One thing's figures from `rows`, by figure and key. */
export function figuresOf(rows: readonly ThingRow[], thing: string): (figure: string, key?: string) => number {
  const mine = new Map(rows.filter((r) => r.thing === thing).map((r) => [`${r.figure}|${r.key}`, r.value]));
  return (figure, key = '') => mine.get(`${figure}|${key}`) ?? 0;
}

