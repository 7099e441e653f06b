import { describe, expect, it } from 'vitest';
import { demoInstagramSettings } from './instagram.demo.ts';
import { INSTAGRAM_POST_LIMIT, parseSettings, SETTING_DEFAULTS } from './settings.ts';

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
      expect(parseSettings({ crestUrl: bad, heroUrl: bad }), bad).toMatchObject({ crestUrl: SETTING_DEFAULTS.crestUrl, heroUrl: SETTING_DEFAULTS.heroUrl });
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

  describe('instagramPosts', () => {
    const post = {
      id: 'matchday', image: '/images/instagram/matchday-960.webp', caption: 'Three points. #TerraceFC',
      url: 'https://www.instagram.com/p/DAtr1sMxk2Q/', postedAt: '2026-11-21T17:05:00Z',
    };
    const posts = (list: unknown) => parseSettings({ instagramPosts: typeof list === 'string' ? list : JSON.stringify(list) }).instagramPosts;
    const withPost = (change: Record<string, unknown>) => posts([{ ...post, ...change }]);

    it('has none by default, and none for text that is not a JSON list', () => {
      expect(parseSettings({}).instagramPosts).toEqual([]);
      for (const bad of ['', 'not json', '{"id":"x"}', '[', 'null', '42', '"[]"']) expect(posts(bad), bad).toEqual([]);
    });

    it('reads a valid post, with the time in UTC and no alt or other sizes when none are given', () => {
      expect(posts([post])).toEqual([{ ...post, postedAt: '2026-11-21T17:05:00.000Z', sources: [], alt: null }]);
      expect(withPost({ postedAt: '2026-11-21T18:05:00+01:00' })[0]?.postedAt).toBe('2026-11-21T17:05:00.000Z');
      expect(withPost({ postedAt: '2026-11-21' })[0]?.postedAt).toBe('2026-11-21T00:00:00.000Z');
      expect(withPost({ url: 'https://instagram.com/reel/C1x/' })[0]?.url).toBe('https://instagram.com/reel/C1x/');
    });

    it('leaves out a post whose address is not an Instagram one over https', () => {
      for (const url of [
        'http://www.instagram.com/p/x/', 'https://www.instagram.com.evil.test/p/x/', 'https://evil.test/www.instagram.com/p/x/',
        'https://www.instagram.com@evil.test/p/x/', 'https://user@www.instagram.com/p/x/', 'https://www.instagram.com:8443/p/x/',
        'https://m.instagram.com/p/x/', 'https://www.instagram.com/', 'javascript:alert(1)', '//www.instagram.com/p/x/', 42, null,
      ]) expect(withPost({ url }), String(url)).toEqual([]);
    });

    it('leaves out a post whose picture is not a path on this site (the CSP allows images from it alone)', () => {
      for (const image of ['https://scontent.cdninstagram.com/x.jpg', '//cdn.test/x.webp', 'data:image/png;base64,AAAA', '/a/../b.webp', 'x.webp', '', 7]) {
        expect(withPost({ image }), String(image)).toEqual([]);
      }
      expect(withPost({ image: '/api/media/abc.webp' })).toHaveLength(1);
    });

    it('leaves out a post with a field missing, empty or of the wrong kind, and keeps the others', () => {
      for (const field of ['id', 'image', 'caption', 'url', 'postedAt'] as const) {
        const { [field]: _, ...missing } = post;
        expect(posts([missing, { ...post, id: 'kept' }]).map((p) => p.id), field).toEqual(['kept']);
      }
      for (const change of [
        { caption: '   ' }, { caption: 12 }, { caption: 'x'.repeat(2201) }, { caption: 'nul\u0000inside' },
        { id: '' }, { id: 'has space' }, { id: 'x'.repeat(65) },
        { postedAt: 'yesterday' }, { postedAt: '2026-02-30' }, { postedAt: '2026-11-21T17:05' }, { postedAt: 1764000000000 },
      ]) expect(withPost(change), JSON.stringify(change)).toEqual([]);
      expect(posts([null, 'post', [post], post])).toHaveLength(1);
    });

    it('keeps a caption as plain text: markup is text to escape, not HTML to render', () => {
      expect(withPost({ caption: '<img src=x onerror=alert(1)> & more\nsecond line' })[0]?.caption)
        .toBe('<img src=x onerror=alert(1)> & more\nsecond line');
    });

    it('reads the optional description and other sizes, dropping the sizes that are not valid', () => {
      const [read] = withPost({
        alt: '  Players celebrate  ',
        sources: [{ src: '/images/instagram/m-480.webp', width: 480 }, { src: 'https://cdn.test/m.webp', width: 960 }, { src: '/m.webp', width: 0 }, { src: '/m.webp', width: 1.5 }, 'x'],
      });
      expect(read).toMatchObject({ alt: 'Players celebrate', sources: [{ src: '/images/instagram/m-480.webp', width: 480 }] });
      expect(withPost({ alt: ' ', sources: 'all' })[0]).toMatchObject({ alt: null, sources: [] });
    });

    it('shows the newest first, each id once, and at most the limit', () => {
      const list = [
        { ...post, id: 'old', postedAt: '2026-01-01T00:00:00Z' }, { ...post, id: 'new', postedAt: '2026-11-01T00:00:00Z' },
        { ...post, id: 'old', postedAt: '2026-12-01T00:00:00Z' },
      ];
      expect(posts(list).map((p) => p.id)).toEqual(['new', 'old']);
      const many = Array.from({ length: 40 }, (_, i) => ({ ...post, id: `p${i}` }));
      expect(posts(many)).toHaveLength(INSTAGRAM_POST_LIMIT);
    });

    it('reads the six demo posts whole', () => {
      const demo = parseSettings(demoInstagramSettings(new Date('2026-11-25T12:00:00Z')));
      expect(demo.instagramPosts).toHaveLength(6);
      for (const p of demo.instagramPosts) {
        expect(p.url).toMatch(/^https:\/\/www\.instagram\.com\/p\/[A-Za-z0-9_-]+\/$/);
        expect(p.image).toMatch(/^\/images\/instagram\/[a-z]+-960\.webp$/);
        expect(p.sources.map((s) => s.width)).toEqual([480, 960]);
        expect(p.alt).toBeTruthy();
      }
      expect(demo.instagramProfile).toEqual({ url: 'https://www.instagram.com/terracefc/', handle: 'terracefc' });
    });
  });

  it("reads the club's Instagram profile and its handle from instagramProfileUrl, and none from anything else", () => {
    expect(parseSettings({}).instagramProfile).toBeNull();
    expect(parseSettings({ instagramProfileUrl: ' https://instagram.com/terrace.fc_1 ' }).instagramProfile)
      .toEqual({ url: 'https://instagram.com/terrace.fc_1', handle: 'terrace.fc_1' });
    for (const bad of ['https://www.instagram.com/', 'https://www.instagram.com/p/x/', 'https://evil.test/terracefc/', 'http://www.instagram.com/terracefc/', 'https://www.instagram.com/terracefc/?x=1', 'https://www.instagram.com/has%20space/']) {
      expect(parseSettings({ instagramProfileUrl: bad }).instagramProfile, bad).toBeNull();
    }
  });

  it('takes drawBeaconUrl (a drand chain for sweepstake draws) only as an https address, off by default', () => {
    expect(parseSettings({}).drawBeaconUrl).toBeNull();
    expect(parseSettings({ drawBeaconUrl: ' https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/ ' }).drawBeaconUrl)
      .toBe('https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971');
    for (const bad of ['http://api.drand.sh', 'api.drand.sh', 'https://user:pw@api.drand.sh', 'https://api.drand.sh/?x=1', 'javascript:alert(1)']) {
      expect(parseSettings({ drawBeaconUrl: bad }).drawBeaconUrl, bad).toBeNull();
    }
  });
});

describe('forum sign-in and internal-domain settings', () => {
  it('reads the forum origin, a secret of at least 16 characters, and none when unset or bad', () => {
    expect(parseSettings({})).toMatchObject({ ssoEnabled: 'false', discourseOrigin: null, discourseSecret: null, internalDomains: [] });
    const set = parseSettings({ discourseUrl: ' https://forum.club.example/latest ', discourseSecret: 'sixteen-chars-ok' });
    expect(set).toMatchObject({ discourseOrigin: 'https://forum.club.example', discourseSecret: 'sixteen-chars-ok' });
    for (const bad of ['forum.club.example', 'javascript:alert(1)', 'https://user:pw@forum.club.example', 'ftp://forum.club.example']) {
      expect(parseSettings({ discourseUrl: bad }).discourseOrigin, bad).toBeNull();
    }
    expect(parseSettings({ discourseSecret: 'fifteen-chars!!' }).discourseSecret).toBeNull();
  });

  it('reads internal domains as a lower-cased comma-separated list, leaving out what is not a domain', () => {
    expect(parseSettings({ internalDomains: 'Club.IO, @terrace.club ,not a domain,,club.io' }).internalDomains).toEqual(['club.io', 'terrace.club']);
  });
});

describe('settings read again', () => {
  it('answers the same reading while the text is the same, and reads afresh when a value, a key or the organization differs', () => {
    const first = parseSettings({ checkinPoints: '12', pointTerm: 'star' }, 'org-a');
    expect(parseSettings({ pointTerm: 'star', checkinPoints: '12' }, 'org-a')).toBe(first);
    const changed = parseSettings({ checkinPoints: '13', pointTerm: 'star' }, 'org-a');
    expect(changed.checkinPoints).toBe(13);
    expect(parseSettings({ checkinPoints: '13' }, 'org-a').pointTerm).toBe(SETTING_DEFAULTS.pointTerm);
    expect(parseSettings({ checkinPoints: '13', pointTerm: 'star', aboutMarkdown: 'x' }, 'org-a').aboutMarkdown).toBe('x');
    expect(parseSettings({ checkinPoints: '12', pointTerm: 'star' }, 'org-b')).not.toBe(first);
    expect(parseSettings({ checkinPoints: '12', pointTerm: 'star' }, 'org-b').checkinPoints).toBe(12);
  });
});
