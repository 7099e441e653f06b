import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHref, toSafeRelativePath } from './safe-url.ts';

describe('safeHref', () => {
  it('lets internal paths through', () => {
    expect(safeHref('/sweepstakes/1?x=1#rules')).toBe('/sweepstakes/1?x=1#rules');
  });

  it('refuses external URLs unless flagged external', () => {
    expect(safeHref('https://club.example/shop')).toBeUndefined();
    expect(safeHref('//club.example/shop')).toBeUndefined();
    expect(safeHref('https://club.example/shop', { external: true })).toBe('https://club.example/shop');
    expect(safeHref('mailto:help@club.example', { external: true })).toBe('mailto:help@club.example');
  });

  it.each([
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:x',
    'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'blob:https://x/y',
    '/\\evil.example', '\\\\evil.example', '',
  ])('refuses %j even when flagged external', (value) => {
    expect(safeHref(value, { external: true })).toBeUndefined();
    expect(safeHref(value)).toBeUndefined();
  });

  it('keeps relative paths relative', () => {
    expect(toSafeRelativePath('https://evil.example/')).toBeUndefined();
    expect(toSafeRelativePath('/a/../b')).toBe('/b');
  });
});

describe('the one redirect rule: toSafeRelativePath', () => {
  it.each([
    '/.//evil.example/phish', '/..//evil.example', '/%2e//evil.example', '/%2E//evil.example', '/%2e%2e//evil.example',
    '/.%2e//evil.example', '/a/..//evil.example', '/./\\evil.example', '/\\evil.example', '/%5Cevil.example',
    '/%5cevil.example', '/%2Fevil.example', '/.%2F/evil.example', '//evil.example', '///evil.example',
    'https://evil.example', 'HTTPS://evil.example', '/\thttps://evil.example', 'javascript:alert(1)',
    'java\tscript:alert(1)', 'java\nscript:alert(1)', 'java\rscript:alert(1)', '\njavascript:alert(1)',
    '/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', ' /dashboard', 'dashboard',
    'ht\ttps://evil.example', 'https\n://evil.example', 'h\r\nttps://evil.example', '\t//evil.example',
  ])('refuses %j, whose output would leave the site', (value) => {
    expect(toSafeRelativePath(value)).toBeUndefined();
    expect(safeHref(value)).toBeUndefined();
  });

  it('keeps a harmless path, resolving its dot segments', () => {
    expect(toSafeRelativePath('/sweepstakes/./1/../2?x=%2F#top')).toBe('/sweepstakes/2?x=%2F#top');
    expect(toSafeRelativePath('/..')).toBe('/');
    expect(toSafeRelativePath('/stories/é')).toBe('/stories/%C3%A9');
  });

  it('answers, for any string, undefined or a path with one leading slash that stays on this site', () => {
    const atom = fc.constantFrom(
      '/', '//', '\\', '.', '..', '%2e', '%2E', '%2f', '%2F', '%5c', '%5C', '%09', ':', 'https:', 'javascript:',
      'evil.example', '@', '?', '#', '\t', '\n', '\r', ' ', '\u0000', '\u2028', '\uFEFF', 'x',
    );
    const candidate = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(atom, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.array(atom, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const out = toSafeRelativePath(value);
        if (out === undefined) return;
        expect(out).toMatch(/^\/(?![/\\])/);
        for (const base of ['https://terrace.example/a/b?c#d', 'http://127.0.0.1:4321/']) {
          expect(new URL(out, base).origin).toBe(new URL(base).origin);
        }
        expect(safeHref(out)).toBe(out);
      }),
      { numRuns: 3_000 },
    );
  }, 60_000);
});
