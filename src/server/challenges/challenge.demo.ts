import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { saveSetting } from '../organization/organization.repository.ts';
import { insertChallenges, insertOutcomes } from './challenge.repository.ts';
import type { ArcadeGame, ChallengeOption, ChallengeTable, TriviaQuestion } from './challenge.table.ts';

const DAY = 86_400_000;
const at = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();

type Demo = Pick<ChallengeTable, 'type' | 'subtype' | 'title' | 'description'> & {
  hint?: string; value: number; visibleIn: number; expiresIn: number | null;
  options?: ChallengeOption[]; answer?: string; questions?: TriviaQuestion[]; excluded?: boolean;
  /** Pick'em: the outcome already set (a resolved match). */
  outcome?: number;
  game?: ArcadeGame;
};

const poll = (title: string, description: string, labels: string[], value: number, visibleIn: number, expiresIn: number | null, excluded = false): Demo =>
  ({ type: 'poll', subtype: 'poll', title, description, value, visibleIn, expiresIn, options: labels.map((label) => ({ label })), excluded });

const quizQ = (id: string, text: string, options: string[], correctIndex: number, points: number): TriviaQuestion =>
  ({ questionId: id, text, options, correctIndex, points });

/** A pick'em: kick-off (the lock) `kickOffIn` days from now; a correct pick earns the option's points. */
const pickem = (title: string, description: string, options: ChallengeOption[], visibleIn: number, kickOffIn: number, outcome?: number): Demo =>
  ({ type: 'poll', subtype: 'pickem', title, description, value: 20, visibleIn, expiresIn: kickOffIn, options, ...(outcome === undefined ? {} : { outcome }) });

/** Terrace FC's demo challenges, relative to `now`. */
export const DEMO_CHALLENGES: ReadonlyArray<Demo> = [
  poll('Player of the Month: October', 'Who lit up the Ironside Road terrace this month?', ['Rhys Calder', 'Tomás Ferreira', 'Kwame Mensah', 'Liam Doyle'], 20, -0.5, 14),
  poll('Boxing Day kit', 'Which shirt should the lads wear against Millbank Rovers on Boxing Day?', ['Home green', 'Away navy', 'The 1926 heritage kit'], 15, -3, 30),
  poll('Best away day so far', 'Where did the travelling support make the most noise this season?', ['Harbour Road', 'Millbank Park', "St Aldric's Lane"], 15, -5, 30),
  poll('Goal of the Season 2025/26', "Voting has closed: thanks to everyone who picked last season's best strike.", ['Calder vs Harbour Town', 'Ferreira vs Millbank Rovers', 'Mensah vs Eastgate'], 25, -60, -2),
  poll('Pre-season tour destination', 'Where should Terrace FC head next summer?', ['Portugal', 'The Netherlands', 'Ireland'], 15, 7, 40),
  pickem('Derby day: Terrace FC vs Millbank Rovers', 'Call the result before kick-off at Ironside Road. A correct pick earns its points once the final whistle goes.',
    [{ label: 'Terrace FC win', points: 20 }, { label: 'Draw', points: 30 }, { label: 'Millbank Rovers win', points: 40 }], -1.5, 3),
  pickem('Harbour Town away', 'Terrace FC travelled to Harbour Road on Saturday. Result: Terrace FC won 2-1.',
    [{ label: 'Terrace FC win', points: 25 }, { label: 'Draw', points: 30 }, { label: 'Harbour Town win', points: 35 }], -10, -3, 0),
  poll('Half-time pie or burger?', 'A catering test poll kept out of the list by the excludedChallengeIds setting.', ['Steak pie', 'Burger'], 5, -2, 30, true),
  {
    type: 'input', subtype: 'keyword', title: 'Matchday programme keyword',
    description: "Find the hidden keyword in Saturday's matchday programme and enter it here.",
    hint: 'Look at the bottom of the manager\'s notes on page 12.', value: 50, visibleIn: -2, expiresIn: 10, answer: 'Lamplighter',
  },
  {
    type: 'input', subtype: 'feedback', title: 'How was your matchday?',
    description: 'Tell us about your visit to Ironside Road: the queues, the food, the atmosphere.',
    hint: 'Honest answers help us improve.', value: 25, visibleIn: -4, expiresIn: 60,
  },
  {
    type: 'input', subtype: 'arcade', title: 'Keepy-uppy', value: 50, visibleIn: -3, expiresIn: 45,
    description: 'Keep the ball up as long as you can: tap it before the whistle. The more touches, the more points.',
    hint: 'The ball moves after every touch: keep your eyes on it.',
    game: {
      durationSeconds: 20, maxScore: 60, maxScorePerSecond: 4,
      tiers: [{ minScore: 10, points: 10 }, { minScore: 20, points: 25 }, { minScore: 30, points: 50 }],
    },
  },
  {
    type: 'trivia', subtype: 'trivia', title: 'Terrace FC history quiz', description: 'How well do you know the club\'s past?',
    value: 30, visibleIn: -6, expiresIn: 30, questions: [
      quizQ('founded', 'In which year was Terrace FC founded?', ['1888', '1902', '1926', '1947'], 1, 10),
      quizQ('ground', 'What is the name of our home ground?', ['Harbour Road', 'Ironside Road', 'Millbank Park'], 1, 10),
      quizQ('nickname', 'What is the club\'s nickname?', ['The Ironsiders', 'The Greens', 'The Terriers'], 0, 10),
    ],
  },
  {
    type: 'trivia', subtype: 'trivia', title: 'Squad numbers quiz', description: 'Match the player to the shirt.',
    value: 15, visibleIn: -1, expiresIn: 21, questions: [
      quizQ('captain', 'Which number does captain Rhys Calder wear?', ['4', '6', '8'], 1, 5),
      quizQ('keeper', 'Who wears the number 1 shirt?', ['Liam Doyle', 'Kwame Mensah', 'Tomás Ferreira'], 0, 5),
      quizQ('striker', 'Which number does top scorer Tomás Ferreira wear?', ['9', '10', '11'], 0, 5),
    ],
  },
];

/** Seeds the demo challenges and lists the excluded one in the `excludedChallengeIds` setting. */
export async function seedDemoChallenges(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const rows = DEMO_CHALLENGES.map((d, i): ChallengeTable & { excluded: boolean } => ({
    id: randomUUID(), organization_id: organizationId, type: d.type, subtype: d.subtype, title: d.title,
    description: d.description, hint: d.hint ?? null, value: d.value, media_id: null,
    visible_from: at(now, d.visibleIn), expires_on: d.expiresIn === null ? null : at(now, d.expiresIn),
    options: JSON.stringify(d.options ?? []), answer: d.answer ?? null, questions: JSON.stringify(d.questions ?? []),
    game: d.game ? JSON.stringify(d.game) : null,
    created_at: new Date(now.getTime() + i).toISOString(), excluded: d.excluded ?? false,
  }));
  await insertChallenges(db, rows.map(({ excluded: _, ...row }) => row));
  // Resolved pick'ems: the demo has no supporters yet, so setting the outcome awards nothing.
  const outcomes = DEMO_CHALLENGES.flatMap((d, i) => d.outcome === undefined ? [] : [{ challenge_id: rows[i]!.id, outcome: d.outcome, set_at: at(now, d.expiresIn ?? 0) }]);
  await insertOutcomes(db, outcomes);
  const excluded = rows.filter((r) => r.excluded).map((r) => r.id).join(',');
  await saveSetting(db, { organization_id: organizationId, key: 'excludedChallengeIds', value: excluded });
}
