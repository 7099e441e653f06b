import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../testing/s3.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { s3MediaStore } from './media.s3-store.ts';

// What the API does with stored files (uploads, serving, ranges, rules PDFs, erasure), one list of tests run
// with each kind of media store behind the app: the folder (MEDIA_DIR) and an S3-compatible bucket (s3rver).

const kinds = [
  { kind: 'folder', bucket: false },
  { kind: 's3', bucket: true },
];

/** A clip as an MP4 starts (an `ftyp` box), then `size` bytes that differ each time. */
const clip = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), randomBytes(size)]);

describe.each(kinds)(`media served from the $kind store (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, ({ bucket }) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = bucket ? await startTestS3() : undefined;
    t = await createTestApp(s3 ? {
      media: s3MediaStore({ bucket: s3.bucket, prefix: 'terrace/', region: 'us-east-1', endpoint: s3.endpoint, pathStyle: true, credentials: S3RVER_CREDENTIALS }),
    } : {});
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  /** What the store holds: the bucket's keys or the folder's files (hidden ones too: a half-written file would be one). */
  const held = async () => (s3 ? (await s3.keys()).map((k) => k.replace(/^terrace\//, '')) : readdirSync(t.mediaDir)).sort();
  const serve = (path: string, extra: Record<string, string> = {}, method = 'GET') => t.app.request(path, { method, headers: headers(undefined, extra) });
  const uploadClip = (body: Buffer) => t.app.request('/api/admin/uploads/videos', {
    method: 'POST', headers: { ...headers(t.ownerKey), 'Content-Type': 'video/mp4' }, body: new Uint8Array(body),
  });

  it('stores an avatar, and serves its bytes with the type, length, ETag and a year of caching; 304, HEAD and 404 as before', async () => {
    const { token } = await signIn(t, 'store-avatar@example.com');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0b5d3b' } }).png().toBuffer();
    const up = await t.app.request('/api/media', { method: 'POST', headers: headers(token, { 'Content-Type': 'image/png' }), body: new Uint8Array(png) });
    expect(up.status).toBe(201);
    const { name, url } = (await up.json()).data;
    expect(await held()).toContain(name);
    expect((await t.app.request('/api/media/set-avatar', { method: 'POST', headers: headers(token), body: JSON.stringify({ name }) })).status).toBe(200);

    const served = await serve(url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(Object.fromEntries(['content-type', 'content-length', 'cache-control', 'etag', 'access-control-allow-origin', 'x-content-type-options']
      .map((h) => [h, served.headers.get(h)]))).toEqual({
      'content-type': 'image/webp', 'content-length': String(bytes.byteLength), 'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${name.slice(0, 64)}"`, 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff',
    });
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect((await serve(url, { 'If-None-Match': `"${name.slice(0, 64)}"` })).status).toBe(304);
    const head = await serve(url, {}, 'HEAD');
    expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([200, String(bytes.byteLength), 0]);
    for (const unknown of [`${'0'.repeat(64)}.webp`, `${'0'.repeat(64)}.pdf`, '..%2F..%2Fpackage.json', 'x.webp']) {
      expect((await serve(`/api/media/${unknown}`)).status, unknown).toBe(404);
    }
  });

  it('serves the demo clips the seed put in the store, whole and by range', async () => {
    const { data } = await (await serve('/api/content/videos')).json();
    const file = data.find((v: { src: string }) => v.src.startsWith('/api/media/videos/'));
    const whole = await serve(file.src);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get('content-length')).toBe(String(bytes.byteLength));
    const part = await serve(file.src, { Range: 'bytes=10-19' });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 10-19/${bytes.byteLength}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('stores a console clip and streams it: 200 in pieces, 206 for a range read from the store, 416 past the end, HEAD without a read', async () => {
    const sent = clip(3 * 1024 * 1024);
    const up = await uploadClip(sent);
    expect(up.status).toBe(201);
    const { url, name } = (await up.json()).data;
    expect(await held()).toContain(name);
    const size = sent.byteLength;

    const whole = await serve(url);
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges'), whole.headers.get('content-length')])
      .toEqual([200, 'video/mp4', 'bytes', String(size)]);
    // A stream, not one buffer: the first piece is a small part of the clip.
    const reader = whole.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeLessThan(size / 4);
    const rest: Uint8Array[] = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest.push(next.value);
    expect(Buffer.concat(rest).equals(sent)).toBe(true);

    const part = await serve(url, { Range: 'bytes=1048576-1048675' });
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([206, `bytes 1048576-1048675/${size}`, '100']);
    expect(Buffer.from(await part.arrayBuffer()).equals(sent.subarray(1048576, 1048676))).toBe(true);
    const tail = await serve(url, { Range: 'bytes=-16' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(sent.subarray(size - 16))).toBe(true);
    const past = await serve(url, { Range: `bytes=${size}-` });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
    const head = await serve(url, { Range: 'bytes=0-9' }, 'HEAD');
    expect([head.status, head.headers.get('content-length')]).toEqual([206, '10']);
    expect((await serve(`/api/media/videos/${'0'.repeat(64)}.mp4`)).status).toBe(404);
  });

  it('makes a sweepstake\'s rules PDF into the store, and makes it again when the store has lost it', async () => {
    const list = (await (await serve('/api/sweepstake')).json()).data;
    const rulesUrl = (await (await serve(`/api/sweepstake/${list[0].slug}`)).json()).data.rulesUrl as string;
    const name = rulesUrl.slice(rulesUrl.lastIndexOf('/') + 1);
    const pdf = await serve(rulesUrl);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('content-security-policy')]).toEqual([200, 'application/pdf', "frame-ancestors 'none'"]);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    await t.media.remove(name);
    expect((await serve(rulesUrl)).status).toBe(404);
    expect((await (await serve(`/api/sweepstake/${list[0].slug}`)).json()).data.rulesUrl).toBe(rulesUrl);
    expect((await serve(rulesUrl)).status).toBe(200);
  });

  it('removes an erased supporter\'s uploads from the store', async () => {
    const email = 'store-erased@example.com';
    const { token } = await signIn(t, email);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a1b2c3' } }).png().toBuffer();
    const { name } = (await (await t.app.request('/api/media', { method: 'POST', headers: headers(token, { 'Content-Type': 'image/png' }), body: new Uint8Array(png) })).json()).data;
    expect(await held()).toContain(name);
    const erased = await t.app.request('/api/user/me/erase', { method: 'POST', headers: headers(token), body: JSON.stringify({ confirm: email }) });
    expect(erased.status).toBe(204);
    expect(await held()).not.toContain(name);
    expect((await serve(`/api/media/${name}`)).status).toBe(404);
    // Nothing half-written was ever left beside the files.
    expect((await held()).filter((entry) => entry.startsWith('.'))).toEqual([]);
  });
});
