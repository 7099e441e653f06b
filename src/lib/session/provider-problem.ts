import type { ErrorCode } from '~/lib/api/errors.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';

/** What /login?problem=… can say after a sign-in at the club's identity provider came back refused. */
export const PROVIDER_PROBLEMS = {
  state: 'signin.provider.problem.state',
  denied: 'signin.provider.problem.denied',
  unverified: 'signin.provider.problem.unverified',
  taken: 'signin.provider.problem.taken',
  unavailable: 'signin.provider.problem.unavailable',
  failed: 'signin.provider.problem.failed',
  blocked: 'signin.provider.problem.blocked',
} as const satisfies Record<string, MessageKey>;
export type ProviderProblem = keyof typeof PROVIDER_PROBLEMS;

const BY_CODE: Partial<Record<ErrorCode, ProviderProblem>> = {
  provider_state_invalid: 'state',
  provider_denied: 'denied',
  provider_email_unverified: 'unverified',
  provider_account_taken: 'taken',
  unavailable: 'unavailable',
  rate_limited: 'unavailable',
  account_blocked: 'blocked',
};

/** The problem to show for an API refusal; any other one is a sign-in to start again. */
export function providerProblemOf(code: ErrorCode): ProviderProblem {
  return BY_CODE[code] ?? 'failed';
}

/** The problem named in /login's address, if it is one of ours (anything else is ignored). */
export function readProviderProblem(value: string | null): ProviderProblem | undefined {
  return value && Object.hasOwn(PROVIDER_PROBLEMS, value) ? (value as ProviderProblem) : undefined;
}
