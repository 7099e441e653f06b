import { describe, expect, it } from 'vitest';
import { providerProblemOf, readProviderProblem } from './provider-problem.ts';

describe('a provider sign-in refused, as /login says it', () => {
  it('names each refusal the supporter can act on, and any other as a sign-in to start again', () => {
    expect(providerProblemOf('provider_state_invalid')).toBe('state');
    expect(providerProblemOf('provider_denied')).toBe('denied');
    expect(providerProblemOf('provider_email_unverified')).toBe('unverified');
    expect(providerProblemOf('unavailable')).toBe('unavailable');
    expect(providerProblemOf('provider_refused')).toBe('failed');
    expect(providerProblemOf('internal_error')).toBe('failed');
  });

  it('reads only its own names from the address', () => {
    expect(readProviderProblem('denied')).toBe('denied');
    expect(readProviderProblem('toString')).toBeUndefined();
    expect(readProviderProblem('<script>')).toBeUndefined();
    expect(readProviderProblem(null)).toBeUndefined();
  });
});
