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
