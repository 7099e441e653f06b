import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';
import { unlessProblem } from '~/lib/api/errors.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type {
  Challenge, ChallengeSubmission, GameTicket, PollShares, SubmissionResult, TriviaStatus,
} from '~/server/challenges/challenge.routes.ts';

export type { Challenge, GameTicket, PollShares, SubmissionResult, TriviaStatus };

/** One answer, as the API takes it: exactly one of `poll`, `input` or `trivia`. */
export type Submission = {
  [K in keyof ChallengeSubmission]-?: Pick<Required<ChallengeSubmission>, K>;
}[keyof ChallengeSubmission];

/** GET /challenge (or /challenge/type/{subtype}): the visible challenges, newest first. */
export function listChallenges(api: ApiClient, subtype?: Challenge['subtype']): Promise<Challenge[]> {
  return dataOf<Challenge[]>(api.http.get(subtype ? `challenge/type/${subtype}` : 'challenge'));
}

/** GET /challenge/{id}; undefined when there is none by that id (the page answers 404). */
export function getChallenge(api: ApiClient, id: string): Promise<Challenge | undefined> {
  return unlessProblem('not_found', dataOf<Challenge>(api.http.get(`challenge/${encodeURIComponent(id)}`)));
}

/**
 * POST /challenge/{id}: one answer; the answer carries what it earned and the supporter's new standing.
 * `options.headers` carries a form's own Idempotency-Key (a page answering a form without JavaScript); an
 * island leaves it out and the client makes one.
 */
export function submitChallenge(api: ApiClient, id: string, submission: Submission, options: CallOptions = {}): Promise<SubmissionResult> {
  return dataOf<SubmissionResult>(api.http.post(`challenge/${encodeURIComponent(id)}`, { json: submission, headers: options.headers ?? {} }));
}

/** POST /challenge/{id}/play: starts an arcade game; its ticket goes back with the score. */
export function startGame(api: ApiClient, id: string): Promise<GameTicket> {
  return dataOf<GameTicket>(api.http.post(`challenge/${encodeURIComponent(id)}/play`));
}
