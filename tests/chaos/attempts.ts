// One request of the crash test from first try to last retry, and what the checks read from it.
import { type Outcome, send } from '../harness/http.ts';
import type { Action } from './plan.ts';

export interface Answer {
  status: number;
  text: string;
  code?: string;
  pointsAwarded?: number;
}

export interface Attempt {
  supporter: number;
  token: string;
  action: Action;
  /** The answer before the crash, or undefined when none came. */
  first?: Answer;
  firstError?: string;
  /** The answer to the retry after the restart (unanswered requests), or to the replay (answered ones). */
  again?: Answer;
  againError?: string;
}

export function toAnswer(outcome: Outcome): Answer | undefined {
  if (outcome.kind !== 'answer') return undefined;
  const text = outcome.text ?? outcome.sample;
  let json: { data?: { pointsAwarded?: number; points?: number }; error?: { code?: string } } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // Not JSON: only the status counts.
  }
  const points = json.data?.pointsAwarded ?? json.data?.points;
  return { status: outcome.status, text, ...(json.error?.code ? { code: json.error.code } : {}), ...(points === undefined ? {} : { pointsAwarded: points }) };
}

export function sendAction(origin: string, attempt: Attempt, timeoutMs: number): Promise<Outcome> {
  const { action } = attempt;
  return send(origin, {
    method: action.method, path: action.path, body: action.body, label: action.label,
    headers: { authorization: `Bearer ${attempt.token}`, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': action.key },
  }, timeoutMs);
}

/** The idempotency claim is still held (not a business refusal such as "already checked in", also a 409 today). */
export const isStillProcessing = (a: Answer | undefined) => a?.status === 409 && /still being processed/i.test(a.text);

/** The challenge an action answers (undefined for check-ins). */
export function challengeOf(attempt: Attempt): string | undefined {
  return /^\/api\/challenge\/([^/]+)$/.exec(attempt.action.path)?.[1];
}
