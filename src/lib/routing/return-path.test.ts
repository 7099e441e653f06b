import { describe, expect, it } from 'vitest';
import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';
import { pathAfterSignIn } from './return-path.ts';

describe('the remembered path', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(toSafeRelativePath('/sweepstakes/1?x=2')).toBe('/sweepstakes/1?x=2');
  });

  it.each([
    'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard',
    '/x\u0000y', '', undefined, null,
  ])('refuses %j', (value) => {
    expect(toSafeRelativePath(value)).toBeUndefined();
  });
});

describe('after sign-in', () => {
  it('uses the remembered path', () => {
    expect(pathAfterSignIn('/history')).toBe('/history');
  });

  it('goes to /dashboard instead of a remembered /welcome or /dashboard', () => {
    expect(pathAfterSignIn('/welcome')).toBe('/dashboard');
    expect(pathAfterSignIn('/dashboard?x=1')).toBe('/dashboard');
    expect(pathAfterSignIn('/dashboard/')).toBe('/dashboard');
  });

  it('goes to /dashboard when nothing safe was remembered', () => {
    expect(pathAfterSignIn(undefined)).toBe('/dashboard');
    expect(pathAfterSignIn('https://evil.example/')).toBe('/dashboard');
  });

  it('stays on this site when the remembered path only turns into another site once normalised', () => {
    for (const remembered of ['/.//evil.example/phish', '/..//evil.example', '/%2e//evil.example', '/%5Cevil.example']) {
      expect(pathAfterSignIn(remembered), remembered).toBe('/dashboard');
    }
  });
});
