import { describe, expect, it } from 'vitest';
import { IDENTITY_DEFAULTS, parseSettings, SETTING_DEFAULTS } from './settings.ts';

describe('the one reading of organization settings', () => {
  it('gives the demo defaults when nothing is set', () => {
    const settings = parseSettings({});
    expect(settings).toMatchObject({ ...SETTING_DEFAULTS, pointTerm: 'point', pointsTerm: 'points', ssoEnabled: 'false', theme: {} });
  });

  it('reads whole numbers, lets 0 turn a reward off, and falls back on anything malformed', () => {
    const settings = parseSettings({ referralPoints: '0', birthdayBonusPoints: ' 75 ', referralMonthlyCap: '-3', checkinStreakBonus: '2.5' });
    expect(settings.referralPoints).toBe(0);
    expect(settings.birthdayBonusPoints).toBe(75);
    expect(settings.referralMonthlyCap).toBe(SETTING_DEFAULTS.referralMonthlyCap);
    expect(settings.checkinStreakBonus).toBe(SETTING_DEFAULTS.checkinStreakBonus);
  });

  it('never lets a check-in be worth 0 (a ledger amount is positive)', () => {
    expect(parseSettings({ checkinPoints: '0' }).checkinPoints).toBe(SETTING_DEFAULTS.checkinPoints);
    expect(parseSettings({ checkinPoints: '1' }).checkinPoints).toBe(1);
  });

  it("takes the club's crest and hero as paths on this site, and nothing else", () => {
    expect(parseSettings({})).toMatchObject({ crestUrl: '/favicon.svg', heroUrl: null });
    expect(parseSettings({ crestUrl: ' /brand/x/crest.svg ', heroUrl: '/api/media/abc.webp' }))
      .toMatchObject({ crestUrl: '/brand/x/crest.svg', heroUrl: '/api/media/abc.webp' });
    for (const bad of ['https://evil.test/x.svg', '//evil.test/x.svg', 'javascript:alert(1)', '/a/../b.svg', '/a\\b.svg', '/x y.svg', '']) {
      expect(parseSettings({ crestUrl: bad, heroUrl: bad }), bad).toMatchObject(IDENTITY_DEFAULTS);
    }
  });

  it("keeps the club's about text as written, and none when it is blank", () => {
    expect(parseSettings({}).aboutMarkdown).toBeNull();
    expect(parseSettings({ aboutMarkdown: '  \n ' }).aboutMarkdown).toBeNull();
    expect(parseSettings({ aboutMarkdown: '## Who we are\n\nSince 1898.\n' }).aboutMarkdown).toBe('## Who we are\n\nSince 1898.');
  });

  it('maps theme keys to colour names', () => {
    expect(parseSettings({ themePrimary: '#0b5d3b', themeOnPrimary: '#fff', theme: 'x' }).theme).toEqual({ primary: '#0b5d3b', onPrimary: '#fff' });
  });
});
