import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPENDENCIES, FOR_SUPPORTER } from '../../shared/kept-pages.ts';
import { createKeptPages } from '../http/kept-pages/kept-pages.ts';
import { lookUpsOver } from '../http/kept-pages/provider.ts';
import { api } from '../testing/sweepstakes.ts';
import { staffTestApp } from '../testing/staff-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// The club's settings in the console (/api/admin/settings): the owner's alone; each value checked by the
// schema pages read it with; audited with before and after (never the forum secret); shown at once, kept pages included.

let t: TestApp;
let editor: string;
let support: string;
let supporter: string;
beforeAll(async () => {
  ({ t, editor, support, supporter } = await staffTestApp());
});
afterAll(() => t.close());

const save = (change: unknown, token = t.ownerKey, language?: string) =>
  api(t, '/admin/settings', { method: 'PATCH', token, body: change, headers: language ? { 'Accept-Language': language } : {} });
const current = async () => (await (await api(t, '/organization/current', { token: supporter })).json()).data;

describe(`/api/admin/settings (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('is the owner\'s alone: an editor, support and a supporter are refused reading and writing', async () => {
    for (const token of [editor, support, supporter]) {
      expect((await api(t, '/admin/settings', { token })).status).toBe(403);
      expect((await save({ pointTerm: 'star' }, token)).status).toBe(403);
      expect((await api(t, '/admin/settings/crest', { method: 'POST', token })).status).toBe(403);
    }
    expect((await api(t, '/admin/settings', { token: 'nope' })).status).toBe(401);
    const res = await api(t, '/admin/settings', { token: t.ownerKey });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ name: expect.any(String), timeZone: expect.any(String), pointTerm: expect.any(String), discourseSecretSet: expect.any(Boolean) });
    expect(data.timeZones).toContain('Europe/Madrid');
    expect(JSON.stringify(data)).not.toMatch(/discourseSecret"/);
  });

  it('saves every kind of setting, shows it on the next page, and records before and after without the forum secret', async () => {
    const before = (await (await api(t, '/admin/settings', { token: t.ownerKey })).json()).data;
    const change = {
      name: 'Millbank Rovers', timeZone: 'Europe/Madrid', theme: { primary: '#123456', accent: '#abcdef' }, pointTerm: 'star', pointsTerm: 'stars',
      animatedPointsAsXp: true, ssoEnabled: true, loggedOffDashboard: true, checkinPoints: 12, checkinStreakBonus: 3, birthdayBonusPoints: 40,
      referralPoints: 90, referralMonthlyCap: 4, crestUrl: '/brand/rovers/crest.svg', heroUrl: null, aboutMarkdown: '## Rovers',
      instagramProfileUrl: 'https://www.instagram.com/rovers/',
      instagramPosts: [{ id: 'p1', image: '/images/instagram/p1.webp', caption: 'Match day', url: 'https://www.instagram.com/p/p1/', postedAt: '2026-11-01T12:00:00Z' }],
      drawBeaconUrl: null, discourseUrl: 'https://forum.rovers.example', discourseSecret: 'a-forum-secret-long-enough', internalDomains: ['rovers.example'],
      excludedChallengeIds: ['old-poll'], leaderboardSeasonStart: '08-15',
    };
    const res = await save(change);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const { discourseSecret: _secret, instagramPosts: _posts, ...plain } = change;
    expect(data).toMatchObject({ ...plain, theme: expect.objectContaining({ primary: '#123456', accent: '#abcdef' }), discourseSecretSet: true });
    expect(data.instagramPosts[0]).toMatchObject({ id: 'p1', postedAt: '2026-11-01T12:00:00.000Z' });
    // The supporters' next answer has it.
    const organization = await current();
    expect(organization).toMatchObject({ name: 'Millbank Rovers', timeZone: 'Europe/Madrid' });
    expect(organization.settings).toMatchObject({ pointTerm: 'star', pointsTerm: 'stars', loggedOffDashboard: 'true', crestUrl: '/brand/rovers/crest.svg' });
    const [entry] = (await (await api(t, '/admin/audit?kind=settings', { token: t.ownerKey })).json()).data.entries;
    expect(entry).toMatchObject({ action: 'settings.update', before: { name: before.name, pointTerm: before.pointTerm }, after: { name: 'Millbank Rovers', pointTerm: 'star' } });
    expect(JSON.stringify(entry)).not.toContain('a-forum-secret-long-enough');
    // null puts a setting back to its default; the same values again change nothing and record nothing.
    expect((await (await save({ aboutMarkdown: null, theme: { accent: '#abcdef' } })).json()).data.aboutMarkdown).toBeNull();
    const count = (await (await api(t, '/admin/audit?kind=settings', { token: t.ownerKey })).json()).data.entries.length;
    expect((await save({ pointTerm: 'star' })).status).toBe(200);
    expect((await (await api(t, '/admin/audit?kind=settings', { token: t.ownerKey })).json()).data.entries.length).toBe(count);
  });

  it('keeps the about page in Spanish beside the English one: Spanish readers get it, others the English; blank clears it', async () => {
    const inLanguage = async (language: string) =>
      (await (await api(t, '/organization/current', { token: supporter, headers: { 'Accept-Language': language } })).json()).data.settings.aboutMarkdown;
    const saved = await save({ aboutMarkdown: '## Who we are', translations: { es: { aboutMarkdown: '## Quiénes somos' } } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ aboutMarkdown: '## Who we are', translations: { es: { aboutMarkdown: '## Quiénes somos' } } });
    expect([await inLanguage('es'), await inLanguage('es-MX,es;q=0.9'), await inLanguage('en'), await inLanguage('fr')])
      .toEqual(['## Quiénes somos', '## Quiénes somos', '## Who we are', '## Who we are']);
    // English alone changes only the English; a blank Spanish text is none, and Spanish readers see the English.
    expect((await save({ aboutMarkdown: '## Our club' })).status).toBe(200);
    expect(await inLanguage('es')).toBe('## Quiénes somos');
    expect((await (await save({ translations: { es: { aboutMarkdown: '' } } })).json()).data.translations).toEqual({ es: { aboutMarkdown: null } });
    expect(await inLanguage('es')).toBe('## Our club');
    // Held to the English text's limit, named; another language or field is refused.
    const long = await save({ translations: { es: { aboutMarkdown: 'x'.repeat(20_001) } } });
    expect(long.status).toBe(422);
    expect(Object.keys((await long.json()).error.details)).toContain('translations.es.aboutMarkdown');
    for (const other of [{ fr: { aboutMarkdown: 'Bonjour' } }, { es: { name: 'Rovers' } }]) expect((await save({ translations: other })).status).toBe(422);
  });

  it('refuses a malformed value of each field with 422 naming it, in the request\'s language, and stores nothing', async () => {
    const before = (await (await api(t, '/admin/settings', { token: t.ownerKey })).json()).data;
    const bad: Record<string, unknown> = {
      name: '', timeZone: 'Mars/Olympus', theme: { primary: 'red; background: url(x)' }, pointTerm: '', pointsTerm: 'x'.repeat(41),
      animatedPointsAsXp: 'yes', ssoEnabled: 1, loggedOffDashboard: null, checkinPoints: 0, checkinStreakBonus: -1, birthdayBonusPoints: 1.5,
      referralPoints: '100', referralMonthlyCap: -2, crestUrl: 'https://evil.example/crest.svg', heroUrl: '//evil.example/x.png',
      aboutMarkdown: 'x'.repeat(20_001), instagramProfileUrl: 'http://instagram.com/rovers', instagramPosts: [{ id: 'p1' }],
      drawBeaconUrl: 'http://drand.example', discourseUrl: 'ftp://forum.example', discourseSecret: 'short', internalDomains: ['not a domain'],
      excludedChallengeIds: [''], leaderboardSeasonStart: '13-01',
    };
    for (const [field, value] of Object.entries(bad)) {
      const res = await save({ [field]: value, pointTerm: field === 'pointTerm' ? value : 'ignored' }, t.ownerKey, 'es');
      expect(res.status, field).toBe(422);
      const { error } = await res.json();
      const named = Object.keys(error.details);
      expect(named.some((f) => f === field || f.startsWith(`${field}.`)), `${field}: ${named.join(', ')}`).toBe(true);
      expect(error.message).not.toMatch(/^The /);
    }
    expect((await save({ colour: 'red' })).status).toBe(422);
    expect((await (await api(t, '/admin/settings', { token: t.ownerKey })).json()).data).toEqual(before);
  });

  it('takes an uploaded crest, stored as a square WebP and made the crest', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0b5d3b' } }).png().toBuffer();
    const res = await t.app.request('/api/admin/settings/crest', {
      method: 'POST', headers: { Authorization: `Bearer ${t.ownerKey}`, 'Content-Type': 'image/png' }, body: png,
    });
    expect(res.status).toBe(200);
    const { crestUrl } = (await res.json()).data;
    expect(crestUrl).toMatch(/^\/api\/media\/[a-f0-9]{64}\.webp$/);
    const image = await t.app.request(crestUrl);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 512, height: 512 });
    expect((await current()).settings.crestUrl).toBe(crestUrl);
    const text = await t.app.request('/api/admin/settings/crest', {
      method: 'POST', headers: { Authorization: `Bearer ${t.ownerKey}`, 'Content-Type': 'text/plain' }, body: 'crest',
    });
    expect(text.status).toBe(415);
  });

  it('makes kept pages that depend on the club afresh after a save', async () => {
    const kept = createKeptPages({ sessionCookie: 'terrace_session', supporters: true, ...lookUpsOver(t.testDb.db), onError: (error) => { throw error; } });
    const page = async () => {
      const request = new Request('http://terrace.test/dashboard', { headers: { cookie: `terrace_session=${supporter}` } });
      const response = await kept.onRequest!({ request, url: new URL(request.url), logger: console as never }, async () => {
        const { name } = await current();
        return new Response(`club ${name}`, {
          headers: {
            'content-type': 'text/html', 'cache-control': 'private, no-store', 'CDN-Cache-Control': 'max-age=60',
            'Cache-Tag': [FOR_SUPPORTER, DEPENDENCIES.own, DEPENDENCIES.club].join(', '),
          },
        });
      });
      return { cache: response.headers.get('x-astro-cache'), html: await response.text() };
    };
    await save({ name: 'Before FC' });
    expect((await page()).html).toBe('club Before FC');
    expect(await page()).toEqual({ cache: 'HIT', html: 'club Before FC' });
    await save({ name: 'After FC' });
    expect(await page()).toEqual({ cache: 'MISS', html: 'club After FC' });
  });
});
