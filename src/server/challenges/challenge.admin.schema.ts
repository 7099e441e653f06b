import { z } from '@hono/zod-openapi';
import { CONTENT_STATUSES } from '../admin/content-list.ts';
import { translationsSchema } from '../admin/translations.ts';
import { ArcadeGameSchema, CHALLENGE_SUBTYPES, CHALLENGE_TYPES, ChallengeOptionSchema } from './challenge.content.ts';
import { CHALLENGE_TEXT_FIELDS } from './challenge.localize.ts';

// What the console sends and reads of a challenge: the field names the supporters' API answers
// (subtype, title, description, hint, value, mediaId, visibleFrom, expiresOn, options), the parts supporters
// never see (a quiz's right answers, the keyword, the arcade's rate limit), and `translations`.
// Every value is checked again by ChallengeRowSchema (./challenge.content.ts) before it is stored.

const points = z.number().int().min(0).max(1_000_000);
const time = z.string().max(40).refine((t) => !Number.isNaN(Date.parse(t)) && /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(t), 'api.adminChallenges.time')
  .openapi({ description: 'ISO 8601 with a zone, e.g. 2026-05-01T18:00:00Z; stored in UTC.' });

const QuestionInput = z.object({
  questionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional()
    .openapi({ description: 'Kept across edits (answers refer to it); made up when left out.' }),
  text: z.string().trim().min(1).max(500),
  options: z.array(z.string().trim().min(1).max(200)).min(2).max(10),
  correctIndex: z.number().int().min(0),
  points,
});

const SUBTYPE_TYPE = { poll: 'poll', pickem: 'poll', trivia: 'trivia', keyword: 'input', feedback: 'input', arcade: 'input' } as const;
export const typeOf = (subtype: keyof typeof SUBTYPE_TYPE) => SUBTYPE_TYPE[subtype];

export const ChallengeInputSchema = z.object({
  subtype: z.enum(CHALLENGE_SUBTYPES),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).default(''),
  hint: z.string().trim().max(500).nullable().default(null),
  value: points.default(0).openapi({ description: "Points for answering; a pick'em option's own points win over it; a quiz pays its questions' points." }),
  mediaId: z.string().trim().max(200).nullable().default(null),
  visibleFrom: time.openapi({ description: 'Supporters see it from then (ISO 8601).' }),
  expiresOn: time.nullable().default(null).openapi({ description: "It closes then; a pick'em's kick-off (required for a pick'em)." }),
  options: z.array(ChallengeOptionSchema).max(20).default([]).openapi({ description: "Poll and pick'em: at least two." }),
  questions: z.array(QuestionInput).max(50).default([]).openapi({ description: 'Quiz: the questions, their options, the right one and the points.' }),
  answer: z.string().trim().max(200).nullable().default(null)
    .openapi({ description: 'Keyword: what supporters must send (accents, case and extra spaces do not count). Never sent to supporters.' }),
  game: ArcadeGameSchema.nullable().default(null).openapi({ description: 'Arcade: the rules.' }),
  draft: z.boolean().default(true).openapi({ description: 'A draft is never shown; publish it (POST …/publish) or save with false.' }),
  translations: translationsSchema(CHALLENGE_TEXT_FIELDS),
}).superRefine((input, ctx) => {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  const s = input.subtype;
  if (s === 'poll' || s === 'pickem') need(input.options.length >= 2, 'options', 'api.adminChallenges.options');
  if (s === 'pickem') need(input.expiresOn !== null, 'expiresOn', 'api.adminChallenges.kickoff');
  if (s === 'trivia') {
    need(input.questions.length >= 1, 'questions', 'api.adminChallenges.questions');
    input.questions.forEach((q, i) => {
      if (q.correctIndex >= q.options.length) ctx.addIssue({ code: 'custom', path: ['questions', i, 'correctIndex'], message: 'api.adminChallenges.correctIndex' });
    });
    const ids = input.questions.flatMap((q) => (q.questionId ? [q.questionId] : []));
    need(new Set(ids).size === ids.length, 'questions', 'api.adminChallenges.questionIds');
  }
  if (s === 'keyword') need(!!input.answer, 'answer', 'api.adminChallenges.answer');
  if (s === 'arcade') need(input.game !== null, 'game', 'api.adminChallenges.game');
  if (input.expiresOn && !Number.isNaN(Date.parse(input.visibleFrom))) {
    need(Date.parse(input.expiresOn) > Date.parse(input.visibleFrom), 'expiresOn', 'api.adminChallenges.expiresBeforeVisible');
  }
}).openapi('ChallengeInput');
export type ChallengeInput = z.infer<typeof ChallengeInputSchema>;

const status = z.enum(CONTENT_STATUSES);

export const AdminChallengeSummarySchema = z.object({
  challengeId: z.string(),
  subtype: z.enum(CHALLENGE_SUBTYPES),
  title: z.string(),
  status,
  visibleFrom: z.string(),
  expiresOn: z.string().nullable(),
  excluded: z.boolean().openapi({ description: "On the organization's excluded list: hidden everywhere whatever its status." }),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
}).openapi('AdminChallengeSummary');

export const AdminChallengeSchema = AdminChallengeSummarySchema.extend({
  type: z.enum(CHALLENGE_TYPES),
  description: z.string(),
  hint: z.string().nullable(),
  value: z.number().int(),
  mediaId: z.string().nullable(),
  options: z.array(z.object({ label: z.string(), points: z.number().int().nullable() })),
  questions: z.array(z.object({ questionId: z.string(), text: z.string(), options: z.array(z.string()), correctIndex: z.number().int(), points: z.number().int() })),
  answer: z.string().nullable(),
  game: ArcadeGameSchema.nullable(),
  draft: z.boolean(),
  archivedAt: z.string().nullable(),
  outcome: z.number().int().nullable().openapi({ description: "A pick'em's outcome once set (POST …/outcome), else null." }),
  translations: z.object({ es: z.object(CHALLENGE_TEXT_FIELDS).partial().optional() }),
}).openapi('AdminChallenge');
export type AdminChallenge = z.infer<typeof AdminChallengeSchema>;
export type AdminChallengeSummary = z.infer<typeof AdminChallengeSummarySchema>;

export const ExcludedChallengesSchema = z.object({
  ids: z.array(z.string().trim().min(1).max(100).regex(/^[^,]+$/)).max(500)
    .openapi({ description: 'Challenge ids hidden from every supporter list and read (the setting `excludedChallengeIds`).' }),
}).openapi('ExcludedChallenges');
