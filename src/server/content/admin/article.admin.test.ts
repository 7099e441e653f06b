import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { headers, type TestApp } from '../../testing/test-app.ts';
import { call, expectFieldRefusals, expectRefusals, historyOf, hoursFromNow, useConsoleApp, type Callers } from './console-test.ts';

let t: TestApp;
let who: Callers;
useConsoleApp((app, callers) => { t = app; who = callers; });

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Cup run continues', summary: 'Through to the quarter-finals.', author: 'Club media',
  bodyMarkdown: '# The night\n\nWe won **2-1**. <script>alert(1)</script> [Tickets](https://tickets.example) [x](javascript:alert(1))',
  mediaId: '/articles/cup-run.svg', value: 10, publishedAt: hoursFromNow(-1),
  translations: { es: { title: 'Sigue la racha en la copa', bodyMarkdown: 'Ganamos **2-1**.' } }, ...over,
});
const uploadImage = (body: Buffer | Uint8Array, type: string, extra: Record<string, string> = {}) => t.app.request('/api/admin/uploads/images', {
  method: 'POST', headers: { ...headers(who.editor), 'Content-Type': type, ...extra }, body: new Uint8Array(body),
});

describe(`console articles (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('renders the Markdown safely, keeps drafts from supporters, and answers each language', async () => {
    const made = await call(t, 'POST', '/admin/articles', who.editor, article());
    expect(made.status).toBe(201);
    const a = made.body.data;
    expect(a).toMatchObject({ slug: 'cup-run-continues', status: 'draft', bodyMarkdown: article().bodyMarkdown });
    expect(a.bodyHtml).toContain('<h2>The night</h2>');
    expect(a.bodyHtml).toContain('<strong>2-1</strong>');
    expect(a.bodyHtml).toContain('<a href="https://tickets.example" rel="noopener noreferrer">Tickets</a>');
    expect(a.bodyHtml).not.toMatch(/script|javascript/i);
    expect(a.translations).toEqual({ es: { title: 'Sigue la racha en la copa', bodyMarkdown: 'Ganamos **2-1**.' } });
    expect((await call(t, 'GET', `/content/articles/${a.slug}`, who.supporter)).status).toBe(404);

    await call(t, 'POST', `/admin/articles/${a.id}/publish`, who.editor);
    const en = (await call(t, 'GET', `/content/articles/${a.slug}`, who.supporter)).body.data;
    expect(en).toMatchObject({ title: 'Cup run continues', summary: 'Through to the quarter-finals.' });
    expect(en.bodyHtml).toBe(a.bodyHtml);
    const es = (await call(t, 'GET', `/content/articles/${a.slug}`, who.supporter, undefined, 'es')).body.data;
    expect(es).toMatchObject({ title: 'Sigue la racha en la copa', summary: 'Through to the quarter-finals.', bodyHtml: '<p>Ganamos <strong>2-1</strong>.</p>' });
    const listed = (await call(t, 'GET', '/content/articles', 'pk_demo_terrace', undefined, 'es')).body.data.find((x: { id: string }) => x.id === a.id);
    expect(listed.title).toBe('Sigue la racha en la copa');
  });

  it('previews Markdown as it would be saved, storing nothing', async () => {
    const res = await call(t, 'POST', '/admin/articles/preview', who.editor, { markdown: '## Hi\n\n<img src="https://x.example/a.png" onerror="x()">' });
    expect(res.status).toBe(200);
    expect(res.body.data.bodyHtml).toBe('<h2>Hi</h2>');
    expect((await call(t, 'POST', '/admin/articles/preview', who.support, { markdown: 'x' })).status).toBe(403);
  });

  it('updates, duplicates, archives and schedules, each in the audit trail with before and after', async () => {
    const a = (await call(t, 'POST', '/admin/articles', who.editor, article({ title: 'Scheduled piece', publishedAt: hoursFromNow(3) }))).body.data;
    await call(t, 'POST', `/admin/articles/${a.id}/publish`, who.editor);
    const updated = await call(t, 'PUT', `/admin/articles/${a.id}`, who.editor, article({ title: 'Scheduled piece', summary: 'New words', publishedAt: a.publishedAt, slug: a.slug }));
    expect(updated.body.data).toMatchObject({ summary: 'New words', status: 'scheduled' });
    expect((await call(t, 'GET', `/content/articles/${a.id}`, who.supporter)).status).toBe(404);
    const { getArticle } = await import('../article.service.ts');
    const org = (await t.testDb.db.selectFrom('articles').select('organization_id').where('id', '=', a.id).executeTakeFirstOrThrow()).organization_id;
    const at = new Date(a.publishedAt);
    expect((await getArticle(t.testDb.db, { organizationId: org, userId: null }, a.id, 's', at)).summary).toBe('New words');

    const copy = (await call(t, 'POST', `/admin/articles/${a.id}/duplicate`, who.editor)).body.data;
    expect(copy).toMatchObject({ draft: true, title: 'Scheduled piece', bodyHtml: updated.body.data.bodyHtml });
    await call(t, 'POST', `/admin/articles/${a.id}/archive`, who.editor);
    await expect(getArticle(t.testDb.db, { organizationId: org, userId: null }, a.id, 's', at)).rejects.toMatchObject({ code: 'not_found' });
    const history = await historyOf(t, 'article', a.id);
    expect(history.map((e) => e.action)).toEqual(['article.archive', 'article.update', 'article.publish', 'article.create']);
    expect(history[1]).toMatchObject({ before: { summary: 'Through to the quarter-finals.' }, after: { summary: 'New words' } });
  });

  it('refuses support, supporters and no one; names each malformed field', async () => {
    const a = (await call(t, 'POST', '/admin/articles', who.owner, article({ title: 'Refusals' }))).body.data;
    await expectRefusals(t, who, [
      { method: 'GET', path: '/admin/articles' }, { method: 'GET', path: `/admin/articles/${a.id}` },
      { method: 'POST', path: '/admin/articles', body: article() }, { method: 'PUT', path: `/admin/articles/${a.id}`, body: article() },
      { method: 'POST', path: `/admin/articles/${a.id}/duplicate` }, { method: 'POST', path: `/admin/articles/${a.id}/publish` },
      { method: 'POST', path: `/admin/articles/${a.id}/archive` }, { method: 'POST', path: '/admin/articles/preview', body: { markdown: 'x' } },
    ]);
    await expectFieldRefusals(t, who.editor, 'POST', '/admin/articles', article(), [
      ['title', ''], ['slug', '-bad'], ['summary', 'x'.repeat(301)], ['author', 'x'.repeat(201)], ['bodyMarkdown', ''],
      ['bodyMarkdown', '<script>only()</script>'], ['bodyMarkdown', 'x'.repeat(20_001)], ['mediaId', 'javascript:alert(1)'],
      ['value', 'ten'], ['publishedAt', 'soon'], ['translations.es.title', ''], ['translations.es.bodyMarkdown', '<style>p{}</style>'],
    ]);
    const taken = await call(t, 'POST', '/admin/articles', who.editor, article({ slug: a.slug }));
    expect(Object.keys(taken.body.error.details)).toEqual(['slug']);
  });
});

describe(`console picture uploads (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('stores a picture as WebP at most 1600 px wide, in the audit trail', async () => {
    const png = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#0a7' } }).png().toBuffer();
    const res = await uploadImage(png, 'image/png');
    expect(res.status).toBe(201);
    const data = (await res.json()).data;
    expect(data).toMatchObject({ width: 1600, height: 500 });
    expect(data.url).toMatch(/^\/api\/media\/[a-f0-9]{64}\.webp$/);
    const served = await t.app.request(data.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1600);
    expect((await historyOf(t, 'media', data.name))[0]).toMatchObject({ action: 'media.upload', after: { width: 1600 } });
    // What a chapter takes as its picture.
    const s = await call(t, 'POST', '/admin/stories', who.editor, {
      title: 'Uploaded', startsAt: hoursFromNow(-1), stopsAt: hoursFromNow(1), chapters: [{ mediaId: data.url, caption: 'Ours' }],
    });
    expect(s.body.data.chapters[0].mediaId).toBe(data.url);
  });

  it('refuses a non-image, an empty body and a huge one with a 4xx', async () => {
    expect((await uploadImage(Buffer.from('GIF89a not really'), 'image/png')).status).toBe(415);
    expect((await uploadImage(Buffer.from('plain'), 'text/plain')).status).toBe(415);
    expect((await uploadImage(Buffer.alloc(0), 'image/jpeg')).status).toBe(422);
    expect((await uploadImage(Buffer.alloc(16), 'image/jpeg', { 'Content-Length': String(11 * 1024 * 1024) })).status).toBe(413);
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    expect((await uploadImage(tooBig, 'image/jpeg')).status).toBe(413);
    const pixels = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    // A header claiming 50,000 × 50,000 pixels: refused before any pixel is decoded.
    pixels.writeUInt32BE(50_000, 16);
    pixels.writeUInt32BE(50_000, 20);
    expect([413, 415]).toContain((await uploadImage(pixels, 'image/png')).status);
  });
});
