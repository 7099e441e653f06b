import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { insertChallenges, insertOutcomes } from './challenge.repository.ts';
import type { ArcadeGame, ChallengeOption, ChallengeTable, TriviaQuestion } from './challenge.table.ts';

const DAY = 86_400_000;
const at = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();

type Demo = Pick<ChallengeTable, 'type' | 'subtype' | 'title' | 'description'> & {
  hint?: string; value: number; visibleIn: number; expiresIn: number | null;
  options?: ChallengeOption[]; answer?: string; questions?: TriviaQuestion[];
  /** One of the ten excluded challenges: its fixed id, listed in the `excludedChallengeIds` setting. */
  excludedId?: string;
  /** Its picture (features/challenges/challenge-image.ts: public/images/challenges/{mediaId}-{width}.webp). */
  mediaId?: string;
  /** Pick'em: the outcome already set (a resolved match). */
  outcome?: number;
  game?: ArcadeGame;
};

const poll = (title: string, description: string, labels: string[], value: number, visibleIn: number, expiresIn: number | null, mediaId?: string): Demo =>
  ({ type: 'poll', subtype: 'poll', title, description, value, visibleIn, expiresIn, options: labels.map((label) => ({ label })), ...(mediaId ? { mediaId } : {}) });

/** A challenge the club keeps out of every list (a test, a draft, a duplicate): visible by its dates, hidden by its id. */
const excluded = (excludedId: string, demo: Demo): Demo => ({ ...demo, excludedId });

const quizQ = (id: string, text: string, options: string[], correctIndex: number, points: number): TriviaQuestion =>
  ({ questionId: id, text, options, correctIndex, points });

/** A pick'em: kick-off (the lock) `kickOffIn` days from now; a correct pick earns the option's points. */
const pickem = (title: string, description: string, options: ChallengeOption[], visibleIn: number, kickOffIn: number, mediaId: string, outcome?: number): Demo =>
  ({ type: 'poll', subtype: 'pickem', title, description, value: 20, visibleIn, expiresIn: kickOffIn, options, mediaId, ...(outcome === undefined ? {} : { outcome }) });

/** Terrace FC's demo challenges, relative to `now`. */
export const DEMO_CHALLENGES: ReadonlyArray<Demo> = [
  poll('Player of the Month: October', 'Who lit up the Ironside Road terrace this month?', ['Rhys Calder', 'Tomás Ferreira', 'Kwame Mensah', 'Liam Doyle'], 20, -0.5, 14, 'player-of-the-month'),
  poll('Boxing Day kit', 'Which shirt should the lads wear against Millbank Rovers on Boxing Day?', ['Home green', 'Away navy', 'The 1926 heritage kit'], 15, -3, 30, 'boxing-day-kit'),
  poll('Best away day so far', 'Where did the travelling support make the most noise this season?', ['Harbour Road', 'Millbank Park', "St Aldric's Lane"], 15, -5, 30, 'away-day'),
  poll('Goal of the Season 2025/26', "Voting has closed: thanks to everyone who picked last season's best strike.", ['Calder vs Harbour Town', 'Ferreira vs Millbank Rovers', 'Mensah vs Eastgate'], 25, -60, -2, 'goal-of-the-season'),
  poll('Pre-season tour destination', 'Where should Terrace FC head next summer?', ['Portugal', 'The Netherlands', 'Ireland'], 15, 7, 40, 'pre-season-tour'),
  pickem('Derby day: Terrace FC vs Millbank Rovers', 'Call the result before kick-off at Ironside Road. A correct pick earns its points once the final whistle goes.',
    [{ label: 'Terrace FC win', points: 20 }, { label: 'Draw', points: 30 }, { label: 'Millbank Rovers win', points: 40 }], -1.5, 3, 'derby-day'),
  pickem('Harbour Town away', 'Terrace FC travelled to Harbour Road on Saturday. Result: Terrace FC won 2-1.',
    [{ label: 'Terrace FC win', points: 25 }, { label: 'Draw', points: 30 }, { label: 'Harbour Town win', points: 35 }], -10, -3, 'harbour-town-away', 0),
  {
    type: 'input', subtype: 'keyword', title: 'Matchday programme keyword',
    description: "Find the hidden keyword in Saturday's matchday programme and enter it here.",
    hint: 'Look at the bottom of the manager\'s notes on page 12.', value: 50, visibleIn: -2, expiresIn: 10, answer: 'Lamplighter',
    mediaId: 'programme-keyword',
  },
  {
    type: 'input', subtype: 'feedback', title: 'How was your matchday?',
    description: 'Tell us about your visit to Ironside Road: the queues, the food, the atmosphere.',
    hint: 'Honest answers help us improve.', value: 25, visibleIn: -4, expiresIn: 60, mediaId: 'matchday-feedback',
  },
  {
    type: 'input', subtype: 'arcade', title: 'Keepy-uppy', value: 50, visibleIn: -3, expiresIn: 45, mediaId: 'keepy-uppy',
    description: 'Keep the ball up as long as you can: tap it before the whistle. The more touches, the more points.',
    hint: 'The ball moves after every touch: keep your eyes on it.',
    game: {
      durationSeconds: 20, maxScore: 60, maxScorePerSecond: 4,
      tiers: [{ minScore: 10, points: 10 }, { minScore: 20, points: 25 }, { minScore: 30, points: 50 }],
    },
  },
  {
    type: 'trivia', subtype: 'trivia', title: 'Terrace FC history quiz', description: 'How well do you know the club\'s past?',
    value: 30, visibleIn: -6, expiresIn: 30, mediaId: 'history-quiz', questions: [
      quizQ('founded', 'In which year was Terrace FC founded?', ['1888', '1902', '1926', '1947'], 1, 10),
      quizQ('ground', 'What is the name of our home ground?', ['Harbour Road', 'Ironside Road', 'Millbank Park'], 1, 10),
      quizQ('nickname', 'What is the club\'s nickname?', ['The Ironsiders', 'The Greens', 'The Terriers'], 0, 10),
    ],
  },
  {
    type: 'trivia', subtype: 'trivia', title: 'Squad numbers quiz', description: 'Match the player to the shirt.',
    value: 15, visibleIn: -1, expiresIn: 21, mediaId: 'squad-numbers', questions: [
      quizQ('captain', 'Which number does captain Rhys Calder wear?', ['4', '6', '8'], 1, 5),
      quizQ('keeper', 'Who wears the number 1 shirt?', ['Liam Doyle', 'Kwame Mensah', 'Tomás Ferreira'], 0, 5),
      quizQ('striker', 'Which number does top scorer Tomás Ferreira wear?', ['9', '10', '11'], 0, 5),
    ],
  },
  // Spec section 9: ten challenge ids are excluded from the challenge list. The demo's ten are open by their
  // dates (tests, drafts, a duplicate, last season's leftovers), so only the exclusion keeps them out of sight.
  excluded('demo-hidden-catering-poll', poll('Half-time pie or burger?', 'A catering test poll kept out of the list by the excludedChallengeIds setting.', ['Steak pie', 'Burger'], 5, -2, 30)),
  excluded('demo-hidden-potm-november', poll('Player of the Month: November', 'Draft: opens when November is over.', ['Rhys Calder', 'Tomás Ferreira'], 20, -1, 30)),
  excluded('demo-hidden-kit-duplicate', poll('Boxing Day kit (copy)', 'A duplicate of the Boxing Day kit poll.', ['Home green', 'Away navy'], 15, -3, 30)),
  excluded('demo-hidden-travel-poll', poll('Away travel: coach or train?', 'Cancelled: the club chartered coaches for every away day.', ['Coach', 'Train'], 10, -8, 20)),
  excluded('demo-hidden-friendly-pickem', pickem('Friendly: first team vs academy', 'An internal test of the pick\'em screens.',
    [{ label: 'First team win', points: 10 }, { label: 'Draw', points: 10 }, { label: 'Academy win', points: 10 }], -2, 5, 'derby-day')),
  excluded('demo-hidden-staff-keyword', {
    type: 'input', subtype: 'keyword', title: 'Staff test keyword', description: 'For staff testing the keyword screens.',
    value: 5, visibleIn: -2, expiresIn: 10, answer: 'Turnstile',
  }),
  excluded('demo-hidden-old-keyword', {
    type: 'input', subtype: 'keyword', title: 'Programme keyword 2024/25', description: "Last season's programme keyword.",
    value: 50, visibleIn: -300, expiresIn: 30, answer: 'Floodlight',
  }),
  excluded('demo-hidden-renewal-survey', {
    type: 'input', subtype: 'feedback', title: 'Season ticket renewal survey', description: 'Opens with renewals next spring.',
    value: 25, visibleIn: -1, expiresIn: 90,
  }),
  excluded('demo-hidden-sponsor-quiz', {
    type: 'trivia', subtype: 'trivia', title: 'Sponsor quiz', description: 'Awaiting the sponsor\'s sign-off.',
    value: 10, visibleIn: -1, expiresIn: 30, questions: [quizQ('sponsor', 'Who makes our shirts?', ['Ironside Kit Co.', 'Harbour Sportswear'], 0, 10)],
  }),
  excluded('demo-hidden-penalties', {
    type: 'input', subtype: 'arcade', title: 'Penalty shoot-out', value: 20, visibleIn: -1, expiresIn: 30,
    description: 'In development: beat the keeper from the spot.',
    game: { durationSeconds: 20, maxScore: 20, maxScorePerSecond: 2, tiers: [{ minScore: 5, points: 20 }] },
  }),
];

/** The demo organization's `excludedChallengeIds`: the ids of its ten excluded challenges (spec section 9). */
export const DEMO_EXCLUDED_CHALLENGE_IDS: readonly string[] = DEMO_CHALLENGES.flatMap((d) => d.excludedId ? [d.excludedId] : []);

/** Seeds the demo challenges; the ten excluded ones get their fixed ids, the rest new ones. */
export async function seedDemoChallenges(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const rows = DEMO_CHALLENGES.map((d, i): ChallengeTable => ({
    id: d.excludedId ?? randomUUID(), organization_id: organizationId, type: d.type, subtype: d.subtype, title: d.title,
    description: d.description, hint: d.hint ?? null, value: d.value, media_id: d.mediaId ?? null,
    visible_from: at(now, d.visibleIn), expires_on: d.expiresIn === null ? null : at(now, d.expiresIn),
    options: JSON.stringify(d.options ?? []), answer: d.answer ?? null, questions: JSON.stringify(d.questions ?? []),
    game: d.game ? JSON.stringify(d.game) : null,
    created_at: new Date(now.getTime() + i).toISOString(),
  }));
  await insertChallenges(db, rows);
  // Resolved pick'ems: the demo has no supporters yet, so setting the outcome awards nothing.
  const outcomes = DEMO_CHALLENGES.flatMap((d, i) => d.outcome === undefined ? [] : [{ challenge_id: rows[i]!.id, outcome: d.outcome, set_at: at(now, d.expiresIn ?? 0) }]);
  await insertOutcomes(db, outcomes);
}
