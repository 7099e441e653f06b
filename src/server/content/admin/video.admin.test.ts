import { describe, expect, it } from 'vitest';
import { headers, type TestApp } from '../../testing/test-app.ts';
import { call, expectFieldRefusals, expectRefusals, historyOf, hoursFromNow, useConsoleApp, type Callers } from './console-test.ts';

let t: TestApp;
let who: Callers;
useConsoleApp((app, callers) => { t = app; who = callers; });

const video = (over: Record<string, unknown> = {}) => ({
  name: 'Goal of the week', description: 'A volley from outside the box.', videoSourceType: 'youtube', source: 'dQw4w9WgXcQ',
  thumbnailSrc: '/videos/goal-of-the-month.webp', durationSeconds: 90, value: 10, publishedAt: hoursFromNow(-1),
  translations: { es: { name: 'Gol de la semana' } }, ...over,
});

/** A clip's first bytes as an MP4 starts: an `ftyp` box. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(64, 7)]);
const upload = (body: Buffer, type: string, token = who.editor) => t.app.request('/api/admin/uploads/videos', {
  method: 'POST', headers: { ...headers(token), 'Content-Type': type }, body: new Uint8Array(body),
});

describe(`console videos (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('makes a YouTube video, publishes it, and shows it in the reader\'s language with the watch threshold', async () => {
    const made = await call(t, 'POST', '/admin/videos', who.editor, video());
    expect(made.status).toBe(201);
    const v = made.body.data;
    expect(v).toMatchObject({ slug: 'goal-of-the-week', status: 'draft', minimumWatchSeconds: null, watchSeconds: 30 });
    expect((await call(t, 'GET', `/content/videos/${v.id}`, who.supporter)).status).toBe(404);
    await call(t, 'POST', `/admin/videos/${v.id}/publish`, who.editor);
    const en = (await call(t, 'GET', `/content/videos/${v.slug}`, who.supporter)).body.data;
    expect(en).toMatchObject({ name: 'Goal of the week', videoSourceType: 'youtube', minimumWatchSeconds: 30 });
    const es = (await call(t, 'GET', '/content/videos', who.supporter, undefined, 'es')).body.data.find((x: { id: string }) => x.id === v.id);
    expect(es).toMatchObject({ name: 'Gol de la semana', description: 'A volley from outside the box.' });

    const own = await call(t, 'PUT', `/admin/videos/${v.id}`, who.editor, video({ minimumWatchSeconds: 45 }));
    expect(own.body.data).toMatchObject({ minimumWatchSeconds: 45, watchSeconds: 45, status: 'live' });
    expect((await call(t, 'GET', `/content/videos/${v.id}`, who.supporter)).body.data.minimumWatchSeconds).toBe(45);
    const ticket = await call(t, 'POST', `/content/videos/${v.id}/ticket`, who.supporter);
    expect(ticket.body.data.minimumWatchSeconds).toBe(45);
    expect((await historyOf(t, 'video', v.id)).map((e) => e.action)).toEqual(['video.update', 'video.publish', 'video.create']);
  });

  it('takes an uploaded clip as its source, and refuses a clip never stored', async () => {
    const stored = await upload(mp4(), 'video/mp4');
    expect(stored.status).toBe(201);
    const { name, url } = (await stored.json()).data;
    expect(name).toMatch(/^[a-f0-9]{64}\.mp4$/);
    expect((await t.app.request(url)).status).toBe(200);
    const v = await call(t, 'POST', '/admin/videos', who.editor, video({ videoSourceType: 'file', source: name, slug: 'our-clip' }));
    expect(v.body.data).toMatchObject({ videoSourceType: 'file', source: name, slug: 'our-clip' });
    const missing = await call(t, 'POST', '/admin/videos', who.editor, video({ videoSourceType: 'file', source: `${'0'.repeat(64)}.mp4` }));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.details)).toEqual(['source']);
    const taken = await call(t, 'POST', '/admin/videos', who.editor, video({ slug: 'our-clip' }));
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.body.error.details)).toEqual(['slug']);
  });

  it('refuses a clip that is not one, an empty one and a huge one with a 4xx', async () => {
    expect((await upload(Buffer.from('<html>not a video</html>'), 'video/mp4')).status).toBe(415);
    expect((await upload(Buffer.from('%PDF-1.4'), 'application/pdf')).status).toBe(415);
    expect((await upload(Buffer.alloc(0), 'video/mp4')).status).toBe(422);
    const huge = await t.app.request('/api/admin/uploads/videos', {
      method: 'POST', headers: { ...headers(who.editor), 'Content-Type': 'video/mp4', 'Content-Length': String(51 * 1024 * 1024) }, body: new Uint8Array(mp4()),
    });
    expect(huge.status).toBe(413);
    expect((await upload(mp4(), 'video/mp4', who.support)).status).toBe(403);
  });

  it('duplicates as a draft with its own slug, archives, and shows a scheduled video from its time', async () => {
    const v = (await call(t, 'POST', '/admin/videos', who.editor, video({ name: 'Later', publishedAt: hoursFromNow(2) }))).body.data;
    expect((await call(t, 'POST', `/admin/videos/${v.id}/publish`, who.editor)).body.data.status).toBe('scheduled');
    expect((await call(t, 'GET', `/content/videos/${v.id}`, who.supporter)).status).toBe(404);
    const { getVideo } = await import('../video.service.ts');
    const org = (await t.testDb.db.selectFrom('videos').select('organization_id').where('id', '=', v.id).executeTakeFirstOrThrow()).organization_id;
    expect((await getVideo(t.testDb.db, { organizationId: org, userId: null }, v.id, new Date(v.publishedAt))).id).toBe(v.id);
    const { findNextScheduleChange } = await import('../schedule.repository.ts');
    expect(await findNextScheduleChange(t.testDb.db, org, new Date(Date.parse(v.publishedAt) - 1000).toISOString())).toBe(v.publishedAt);

    const copy = (await call(t, 'POST', `/admin/videos/${v.id}/duplicate`, who.editor)).body.data;
    expect(copy).toMatchObject({ name: 'Later', draft: true });
    expect(copy.slug).toMatch(/^later-copy-[a-f0-9]{4}$/);
    await call(t, 'POST', `/admin/videos/${v.id}/archive`, who.editor);
    await expect(getVideo(t.testDb.db, { organizationId: org, userId: null }, v.id, new Date(v.publishedAt))).rejects.toMatchObject({ code: 'not_found' });
    expect((await historyOf(t, 'video', v.id))[0]).toMatchObject({ action: 'video.archive', before: { status: 'scheduled' }, after: { status: 'archived' } });
  });

  it('refuses support, supporters and no one; names each malformed field', async () => {
    const v = (await call(t, 'POST', '/admin/videos', who.owner, video({ name: 'Refusals' }))).body.data;
    await expectRefusals(t, who, [
      { method: 'GET', path: '/admin/videos' }, { method: 'GET', path: `/admin/videos/${v.id}` },
      { method: 'POST', path: '/admin/videos', body: video() }, { method: 'PUT', path: `/admin/videos/${v.id}`, body: video() },
      { method: 'POST', path: `/admin/videos/${v.id}/duplicate` }, { method: 'POST', path: `/admin/videos/${v.id}/publish` },
      { method: 'POST', path: `/admin/videos/${v.id}/archive` },
    ]);
    await expectFieldRefusals(t, who.editor, 'POST', '/admin/videos', video(), [
      ['name', ''], ['slug', 'Not A Slug'], ['description', 'x'.repeat(5001)], ['videoSourceType', 'vimeo'], ['source', 'not-an-id'],
      ['thumbnailSrc', 'https://img.example/a.jpg'], ['durationSeconds', 0], ['value', -5], ['publishedAt', '2026-13-01'],
      ['minimumWatchSeconds', 91], ['translations.es.name', 'x'.repeat(201)],
    ]);
  });
});
