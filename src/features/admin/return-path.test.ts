import { describe, expect, it } from 'vitest';
import { consoleReturnPath } from './return-path.ts';

describe('consoleReturnPath', () => {
  it('goes back to a console page, and nowhere else', () => {
    expect(consoleReturnPath('/admin/audit?kind=challenge')).toBe('/admin/audit?kind=challenge');
    expect(consoleReturnPath('/admin')).toBe('/admin');
    for (const planted of [null, '', '//evil.example', '/admin//evil.example', '/administrator', 'https://evil.example/admin', '/admin/\\evil', '/dashboard']) {
      expect(consoleReturnPath(planted)).toBe('/admin');
    }
  });
});
