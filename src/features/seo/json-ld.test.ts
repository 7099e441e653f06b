import { describe, expect, it } from 'vitest';
import { serializeJsonLd, sportsTeamJsonLd } from './json-ld.ts';

describe('serializeJsonLd', () => {
  it('cannot close its script block or open a comment, and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('sportsTeamJsonLd', () => {
  it('names the club with absolute addresses for its home page and crest', () => {
    expect(sportsTeamJsonLd({ name: 'Terrace FC', crestUrl: '/brand/terrace-fc/crest.svg' }, 'https://club.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SportsTeam',
      name: 'Terrace FC',
      url: 'https://club.example/',
      logo: 'https://club.example/brand/terrace-fc/crest.svg',
    });
  });
});
