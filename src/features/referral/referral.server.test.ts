import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import { forgetReferralCode, REFERRAL_COOKIE, referralCodeField, rememberReferralCode } from './referral.server.ts';

function fakeCookies() {
  const jar = new Map<string, { value: string; options: unknown }>();
  const cookies = {
    set: (name: string, value: string, options: unknown) => void jar.set(name, { value, options }),
    get: (name: string) => (jar.has(name) ? { value: jar.get(name)!.value } : undefined),
    delete: (name: string) => void jar.delete(name),
  } as unknown as AstroCookies;
  return { cookies, jar };
}

describe('the referral cookie', () => {
  it('keeps a well-formed ?ref= code in a short-lived HttpOnly cookie for the sign-in pages', () => {
    const { cookies, jar } = fakeCookies();
    rememberReferralCode(cookies, ' K7QH3MZP ');
    expect(jar.get(REFERRAL_COOKIE)).toEqual({
      value: 'K7QH3MZP',
      options: { path: '/login', httpOnly: true, sameSite: 'lax', secure: false, maxAge: 86_400 },
    });
    expect(referralCodeField(cookies)).toEqual({ referralCode: 'K7QH3MZP' });
    forgetReferralCode(cookies);
    expect(referralCodeField(cookies)).toEqual({});
  });

  it('ignores a missing or malformed code', () => {
    const { cookies, jar } = fakeCookies();
    rememberReferralCode(cookies, null);
    rememberReferralCode(cookies, '');
    rememberReferralCode(cookies, '<script>alert(1)</script>');
    rememberReferralCode(cookies, 'A'.repeat(40));
    expect(jar.size).toBe(0);
    expect(referralCodeField(cookies)).toEqual({});
  });
});
