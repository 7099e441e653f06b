import { z } from 'zod';
import { isReadable, jsonColumn } from '../stored/stored.ts';

export const CHALLENGE_TYPES = ['poll', 'input', 'trivia'] as const;
export const CHALLENGE_SUBTYPES = ['poll', 'pickem', 'arcade', 'trivia', 'keyword', 'feedback'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];
export type ChallengeSubtype = (typeof CHALLENGE_SUBTYPES)[number];

// A challenge's stored content, the one description its writers (the seed, the console to come) and its
// readers (./challenge.repository.ts) share: a row that fails it is left out of every list and detail.

const text = (max: number) => z.string().trim().min(1).max(max);
const points = z.number().int().min(0).max(1_000_000);

/** One entry of `options`. */
export const ChallengeOptionSchema = z.object({ label: text(200), points: points.optional() });
export type ChallengeOption = z.infer<typeof ChallengeOptionSchema>;

/** One entry of `questions` (trivia). `correctIndex` never leaves the server. */
export const TriviaQuestionSchema = z.object({
  questionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  text: text(500),
  options: z.array(text(200)).min(2).max(10),
  correctIndex: z.number().int().min(0),
  points,
}).refine((q) => q.correctIndex < q.options.length, { path: ['correctIndex'], message: 'not one of the options' });
export type TriviaQuestion = z.infer<typeof TriviaQuestionSchema>;

/** An arcade challenge's rules. */
export const ArcadeGameSchema = z.object({
  /** How long one game lasts. */
  durationSeconds: z.number().int().min(1).max(3600),
  /** The highest score accepted. */
  maxScore: z.number().int().min(1).max(1_000_000),
  /** The fastest a person can score: a score above elapsed seconds × this is cut down to it. */
  maxScorePerSecond: z.number().positive().max(1000),
  /** Points by score: the highest tier whose `minScore` the score reaches. */
  tiers: z.array(z.object({ minScore: z.number().int().min(0), points })).max(20),
});
export type ArcadeGame = z.infer<typeof ArcadeGameSchema>;

/**
 * A JSON column read through its schema, kept by its text: a list of challenges reads the same few texts on
 * every page, and a row's check and its later reads then parse each once.
 */
function memo<T>(schema: z.ZodType<T>) {
  const read = new Map<string, { ok: true; value: T } | { ok: false }>();
  return (text: string): T | undefined => {
    let hit = read.get(text);
    if (!hit) {
      const parsed = schema.safeParse(text);
      hit = parsed.success ? { ok: true, value: parsed.data } : { ok: false };
      if (read.size >= 500) read.clear();
      read.set(text, hit);
    }
    return hit.ok ? hit.value : undefined;
  };
}
const readOptions = memo(jsonColumn(z.array(ChallengeOptionSchema).max(20)));
const readQuestions = memo(jsonColumn(z.array(TriviaQuestionSchema).max(50)
  .refine((qs) => new Set(qs.map((q) => q.questionId)).size === qs.length, 'question ids repeat')));
const readGame = memo(jsonColumn(ArcadeGameSchema));

const isoTime = z.string().refine((t) => !Number.isNaN(Date.parse(t)), 'not a time');
const column = <T>(read: (text: string) => T | undefined) => z.string().refine((t) => read(t) !== undefined, 'does not fit its schema');

/** A challenge row as stored: its kind, its times, its JSON columns (as text), and what each subtype needs of them. */
export const ChallengeRowSchema = z.object({
  id: z.string().min(1),
  type: z.enum(CHALLENGE_TYPES),
  subtype: z.enum(CHALLENGE_SUBTYPES),
  title: text(200),
  description: z.string().max(5000),
  value: z.coerce.number().int().min(0).max(1_000_000),
  visible_from: isoTime,
  expires_on: isoTime.nullable(),
  /** JSON list of ChallengeOption. */
  options: column(readOptions),
  /** JSON list of TriviaQuestion. */
  questions: column(readQuestions),
  /** Arcade only: JSON ArcadeGame. */
  game: column(readGame).nullable(),
  answer: z.string().nullable(),
}).superRefine((row, ctx) => {
  const need = (ok: boolean, path: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message: `missing for a ${row.subtype}` });
  };
  const type = { poll: 'poll', pickem: 'poll', trivia: 'trivia', keyword: 'input', feedback: 'input', arcade: 'input' }[row.subtype];
  need(row.type === type, 'type');
  if (row.subtype === 'poll' || row.subtype === 'pickem') need((readOptions(row.options)?.length ?? 0) >= 2, 'options');
  if (row.subtype === 'trivia') need((readQuestions(row.questions)?.length ?? 0) >= 1, 'questions');
  if (row.subtype === 'arcade') need(row.game !== null, 'game');
  if (row.subtype === 'keyword') need(!!row.answer?.trim(), 'answer');
});

/** Whether a stored challenge fits its schema (logged once when it does not): the repository leaves the others out. */
export function isReadableChallenge(row: { id: string }): boolean {
  return isReadable('challenge', row.id, ChallengeRowSchema, row);
}

// Rows reach these only through the repository, which left out the rows that fail ChallengeRowSchema.
export const parseOptions = (c: { options: string }): ChallengeOption[] => readOptions(c.options) ?? [];
export const parseQuestions = (c: { questions: string }): TriviaQuestion[] => readQuestions(c.questions) ?? [];
export const parseGameColumn = (c: { game: string | null }): ArcadeGame | undefined => (c.game ? readGame(c.game) : undefined);
