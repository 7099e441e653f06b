import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, type Answer, jsonBody } from '../openapi.ts';
import { StandingSchema } from '../users/standing.schema.ts';
import { CHALLENGE_SUBTYPES, CHALLENGE_TYPES } from './challenge.content.ts';
import { alreadyAnsweredWhenRaceLost, challengeHistory, getChallenge, listChallenges, play, submit, type Submission } from './challenge.service.ts';

const TriviaStatusSchema = z.object({
  status: z.enum(['in_progress', 'completed']),
  completedAt: z.string().nullable(),
  score: z.number().int().openapi({ description: 'Points of the questions answered correctly; 0 until the quiz is complete.' }),
  answers: z.array(z.object({
    questionId: z.string(), answer: z.number().int(),
    correct: z.boolean().nullable().openapi({ description: 'Null until the quiz is complete: an answer in progress says nothing of right or wrong.' }),
  })),
}).openapi('TriviaStatus');

const PollSharesSchema = z.object({
  totalVotes: z.number().int(),
  options: z.array(z.object({ label: z.string(), votes: z.number().int(), percent: z.number().int() })),
});

export const ChallengeSchema = z.object({
  challengeId: z.string(),
  type: z.enum(CHALLENGE_TYPES),
  subtype: z.enum(CHALLENGE_SUBTYPES),
  title: z.string(),
  description: z.string(),
  hint: z.string().nullable(),
  value: z.number().int().openapi({ description: "Points for answering; a quiz pays each right answer's question points instead." }),
  mediaId: z.string().nullable(),
  visibleFrom: z.string(),
  expiresOn: z.string().nullable(),
  options: z.array(z.object({ label: z.string(), points: z.number().int().nullable() })),
  outcome: z.number().int().nullable().openapi({ description: "A pick'em's winning option index once an operator has set it; else null." }),
  userResponse: z.union([z.string(), TriviaStatusSchema]).nullable()
    .openapi({ description: "Input: the caller's text; trivia: the status once a question has an answer; null for anonymous callers." }),
  pollResponseIndex: z.number().int().nullable(),
  pollShares: PollSharesSchema.nullable().optional().openapi({
    description: "GET /challenge/{id} only (lists leave it out): a poll's vote shares, the shape a vote answers with, "
      + 'once the caller has voted or the poll has closed (closed: for anonymous callers too); null otherwise and for other subtypes.',
  }),
  completed: z.boolean().openapi({ description: "Answered (trivia: every question answered; pick'em: picked) or expired." }),
  open: z.boolean().openapi({
    description: "The caller can still answer: visible, not expired, and not yet answered (trivia: some question still unanswered); "
      + "a pick'em stays open while the pick can change (before kick-off, no outcome yet), picked or not. "
      + 'Anonymous callers: open until it closes. Clients use this, never their own reckoning.',
  }),
  closesAt: z.string().nullable().openapi({ description: "When answers stop (ISO 8601): `expiresOn`, a pick'em's kick-off; null when it never closes." }),
  challengeType: z.object({
    questions: z.array(z.object({
      questionId: z.string(), text: z.string(), options: z.array(z.string()), points: z.number().int(),
      triviaUserResponse: z.object({ responseIndex: z.number().int(), correct: z.boolean().nullable() }).nullable(),
    })),
  }).nullable().openapi({ description: 'Trivia only: the questions, without their correct answers.' }),
  game: z.object({
    durationSeconds: z.number().int(), maxScore: z.number().int(),
    tiers: z.array(z.object({ minScore: z.number().int(), points: z.number().int() })),
  }).nullable().openapi({ description: "Arcade only: the game's length, maximum score and the points per score tier." }),
}).openapi('Challenge');

const SubmissionSchema = z.object({
  poll: z.object({ responseIndex: z.number().int().min(0) }).optional(),
  input: z.object({
    response: z.string().max(10_000),
    ticket: z.string().max(100).optional().openapi({ description: 'Arcade: the play ticket from POST /challenge/{id}/play.' }),
  }).optional(),
  trivia: z.object({ questionId: z.string().min(1), responseIndex: z.number().int().min(0) }).optional(),
}).refine((b) => [b.poll, b.input, b.trivia].filter((v) => v !== undefined).length === 1, {
  message: 'api.challenge.sendOne',
}).openapi('ChallengeSubmission');

const SubmissionResultSchema = z.object({
  challenge: ChallengeSchema,
  pointsAwarded: z.number().int().openapi({
    description: 'The points this answer moved: what it earned, 0 for nothing, negative when a changed quiz answer that was right took its points back.',
  }),
  standing: StandingSchema,
  poll: z.object({
    totalVotes: z.number().int(),
    options: z.array(z.object({ label: z.string(), votes: z.number().int(), percent: z.number().int() })),
  }).optional().openapi({ description: 'Polls: the vote shares after this vote.' }),
  trivia: TriviaStatusSchema.optional(),
  arcade: z.object({
    submittedScore: z.number().int(),
    score: z.number().int().openapi({ description: 'The score accepted: the one sent, cut to what the time played allows.' }),
    points: z.number().int().openapi({ description: 'The points of the score tier reached.' }),
  }).optional(),
}).openapi('ChallengeSubmissionResult');

const IdParam = z.object({ id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' } }) });
const SubtypeParam = z.object({ subtype: z.enum(CHALLENGE_SUBTYPES).openapi({ param: { name: 'subtype', in: 'path' } }) });
const security = [{ bearer: [] }];

const listRoute = createRoute({
  method: 'get', path: '/challenge', summary: 'Visible challenges, newest first (excluded ids left out)', security,
  responses: { 200: dataResponse('Challenges', z.array(ChallengeSchema)), ...errorResponses(401) },
});
const bySubtypeRoute = createRoute({
  method: 'get', path: '/challenge/type/{subtype}', summary: 'Visible challenges of one subtype, newest first', security,
  request: { params: SubtypeParam },
  responses: { 200: dataResponse('Challenges', z.array(ChallengeSchema)), ...errorResponses(401, 422) },
});
const getRoute = createRoute({
  method: 'get', path: '/challenge/{id}', summary: 'One visible challenge', security,
  request: { params: IdParam },
  responses: { 200: dataResponse('The challenge', ChallengeSchema), ...errorResponses(401, 404) },
});
const submitRoute = createRoute({
  method: 'post', path: '/challenge/{id}', middleware: [commitsWithItsWrite] as const,
  summary: 'Answers a challenge: a poll vote, a keyword or feedback text, or one trivia answer',
  description: 'A second answer to an answered poll, keyword or feedback challenge, or any answer to a completed quiz, '
    + "answers 422 and awards nothing. A pick'em takes `poll` and may be changed until kick-off (`expiresOn`) or its outcome; "
    + "it awards the chosen option's points when an operator sets the outcome. A quiz answer (`trivia`) is saved and, until "
    + 'every question has an answer, may change; nothing in the answer (score 0, `correct` null) or the standing says '
    + 'whether it is right. The last question answered completes the quiz, locks its answers, tells which were right and '
    + 'pays the points of the right ones. An arcade score is sent as `input` '
    + 'with the ticket of a game started by POST /challenge/{id}/play; it is capped by the time played and the maximum, and '
    + 'earns the points of the highest tier reached, once. Refusals are 422 with a stable code: `challenge_closed`, '
    + '`challenge_submission_failed` (a wrong keyword, an answered challenge, a bad option). Keyword guesses are limited '
    + 'to 10 per supporter and challenge in any hour: the 11th answers 429 `rate_limited`, saying when to try again. '
    + "Every answer carries `standing`: the supporter's balances and rank after it (awarded or not), so the client needs no further request.",
  security,
  request: { params: IdParam, body: jsonBody(SubmissionSchema) },
  responses: {
    200: dataResponse('Recorded', SubmissionResultSchema),
    ...errorResponses(401, 404, 422, 429),
  },
});

const playRoute = createRoute({
  method: 'post', path: '/challenge/{id}/play', middleware: [commitsWithItsWrite] as const, summary: 'Starts a game of an arcade challenge and answers its play ticket', security,
  description: 'The score is accepted only with this ticket, once, within an hour. One scored game per supporter: '
    + 'a challenge already played answers 422. Only the newest game in flight counts: a new start voids earlier tickets.',
  request: { params: IdParam },
  responses: {
    201: dataResponse('The game has started', z.object({ ticket: z.string(), startedAt: z.string(), durationSeconds: z.number().int() })),
    ...errorResponses(401, 404, 422),
  },
});

const HistoryItemSchema = z.object({
  challenge: ChallengeSchema,
  outcome: z.object({
    status: z.enum(['pending', 'won', 'lost', 'answered']).openapi({
      description: "pending: a pick before its outcome or a quiz in progress; won / lost: a resolved pick'em; answered: anything else.",
    }),
    pointsAwarded: z.number().int(),
    awardedAt: z.string().nullable(),
  }),
}).openapi('ChallengeHistoryItem');
const historyRoute = createRoute({
  method: 'get', path: '/challenge/{id}/history', summary: "The caller's own responses to one challenge and what each earned", security,
  description: 'At most one item (one response per user and challenge); empty when the caller has not answered.',
  request: { params: IdParam },
  responses: {
    200: dataResponse('History items', z.object({ items: z.array(HistoryItemSchema) })),
    ...errorResponses(401, 404),
  },
});

export const challengeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await listChallenges(c.get('db'), { organizationId, userId, locale: requestLocale(c) }) }, 200);
  })
  .openapi(bySubtypeRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await listChallenges(c.get('db'), { organizationId, userId, locale: requestLocale(c) }, c.req.valid('param').subtype) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getChallenge(c.get('db'), { organizationId, userId, locale: requestLocale(c) }, c.req.valid('param').id) }, 200);
  })
  .openapi(historyRoute, async (c) => {
    const { organizationId } = c.get('caller');
    const items = await challengeHistory(c.get('db'), { organizationId, userId: requireUserId(c.get('caller')), locale: requestLocale(c) }, c.req.valid('param').id);
    return c.json({ data: { items } }, 200);
  })
  .openapi(submitRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const body = c.req.valid('json') as Submission;
    // The answer (a keyword guess's count with it), its award, its Idempotency-Key's answer and the page versions: one commit.
    const answerer = { organizationId: caller.organizationId, userId, locale: requestLocale(c) };
    return answerInOneCommit(c, (trx) => submit(trx, answerer, c.req.valid('param').id, body)).catch(alreadyAnsweredWhenRaceLost);
  })
  .openapi(playRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const { id } = c.req.valid('param');
    return answerInOneCommit(c, (trx) => play(trx, { organizationId: caller.organizationId, userId }, id), 201);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type Challenge = z.infer<typeof ChallengeSchema>;
export type TriviaStatus = z.infer<typeof TriviaStatusSchema>;
export type PollShares = z.infer<typeof PollSharesSchema>;
export type ChallengeSubmission = z.input<typeof SubmissionSchema>;
export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;
export type GameTicket = Answer<typeof playRoute, 201>['data'];
