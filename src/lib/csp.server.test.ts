import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash } from './csp.server.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('cspHash', () => {
  it('answers the sha256 source of exactly the content, also once it is kept', () => {
    expect(cspHash(':root{--primary:#0b5d3b}')).toBe(sha256(':root{--primary:#0b5d3b}'));
    expect(cspHash(':root{--primary:#0b5d3b}')).toBe(sha256(':root{--primary:#0b5d3b}'));
    expect(cspHash(':root{--primary:#123456}')).toBe(sha256(':root{--primary:#123456}'));
  });

  it('stays right when more contents come than it keeps', () => {
    const themes = Array.from({ length: 40 }, (_, i) => `:root{--n:${i}}`);
    for (const theme of themes) cspHash(theme);
    for (const theme of themes) expect(cspHash(theme)).toBe(sha256(theme));
  });
});
