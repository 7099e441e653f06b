import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A real photo-like image: a gradient, so the encoders have something to chew on. */
function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const upload = (token: string | undefined, body: BodyInit, type: string, extra: Record<string, string> = {}) =>
  t.app.request('/api/media', { method: 'POST', headers: headers(token, { 'Content-Type': type, ...extra }), body });
const setAvatar = (token: string | undefined, name: unknown) =>
  t.app.request('/api/media/set-avatar', { method: 'POST', headers: headers(token), body: JSON.stringify({ name }) });
const serve = (name: string, extra: Record<string, string> = {}) =>
  t.app.request(`/api/media/${name}`, { headers: headers(undefined, extra) });

describe(`avatar upload (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('stores a PNG as a 512 px square WebP named by its content hash, then makes it the avatar', async () => {
    const { token } = await signIn(t, 'png@example.com');
    const before = await (await t.app.request('/api/user/me', { headers: headers(token) })).json();
    const png = await photo(800, 600).png().toBuffer();

    const res = await upload(token, png, 'image/png');
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.name).toMatch(/^[a-f0-9]{64}\.webp$/);
    expect(data.url).toBe(`/api/media/${data.name}`);
    expect(existsSync(join(t.mediaDir, data.name))).toBe(true);
    // Uploading the same image again keeps the one file.
    expect((await (await upload(token, png, 'image/png')).json()).data.name).toBe(data.name);
    expect(readdirSync(t.mediaDir).filter((f) => f.startsWith('.'))).toEqual([]);

    const set = await setAvatar(token, data.name);
    expect(set.status).toBe(200);
    expect((await set.json()).data.avatarUrl).toBe(`/api/media/${data.name}`);
    const me = (await (await t.app.request('/api/user/me', { headers: headers(token) })).json()).data;
    expect(me.avatarUrl).toBe(`/api/media/${data.name}`);
    expect({ points: me.points, lifetimePoints: me.lifetimePoints }).toEqual({ points: before.data.points, lifetimePoints: before.data.lifetimePoints });

    const served = await serve(data.name);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 512, height: 512 });
  });

  it('re-encodes a JPEG without its metadata, turned upright', async () => {
    const { token } = await signIn(t, 'jpeg@example.com');
    // Stored 600 x 300, left half red and right half blue, with EXIF orientation 6 ("turn it a
    // quarter clockwise"): seen upright, red is on top and blue below.
    const width = 600;
    const height = 300;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i += 1) pixels.set((i % width) < width / 2 ? [220, 20, 20] : [20, 20, 220], i * 3);
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret place', Artist: 'Fan' } } }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(token, jpeg, 'image/jpeg');
    expect(res.status).toBe(201);
    const stored = sharp(join(t.mediaDir, (await res.json()).data.name));
    const meta = await stored.metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const { data: out } = await stored.raw().toBuffer({ resolveWithObject: true });
    const channels = meta.channels ?? 3;
    const at = (x: number, y: number) => [...out.subarray((y * 512 + x) * channels, (y * 512 + x) * channels + 3)];
    const [topRed = 0, , topBlue = 0] = at(256, 40);
    const [bottomRed = 0, , bottomBlue = 0] = at(256, 470);
    expect(topRed).toBeGreaterThan(topBlue);
    expect(bottomBlue).toBeGreaterThan(bottomRed);
  });

  it('serves an image to anyone, with an ETag, and 404 for an unknown or unsafe name', async () => {
    const { token } = await signIn(t, 'serve@example.com');
    const { data } = await (await upload(token, await photo(64, 64).webp().toBuffer(), 'image/webp')).json();
    // headers() without a token: the organization key, as an anonymous page would call it.
    const served = await serve(data.name);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const etag = served.headers.get('etag')!;
    expect(etag).toBe(`"${data.name.slice(0, 64)}"`);
    expect((await serve(data.name, { 'If-None-Match': etag })).status).toBe(304);

    const unknown = await serve(`${'0'.repeat(64)}.webp`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(`No image named ${'0'.repeat(64)}.webp.`);
    for (const name of ['..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd', 'x.webp']) expect((await serve(name)).status).toBe(404);
  });

  // Needs app.ts to leave a Cache-Control the route has set (it writes no-store after every route).
  it('marks a served image cacheable for a year: its name is its content hash', async () => {
    const { token } = await signIn(t, 'cache@example.com');
    const { data } = await (await upload(token, await photo(32, 32).png().toBuffer(), 'image/png')).json();
    const served = await serve(data.name);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 413 for a body over 5 MB, from Content-Length and while reading', async () => {
    const { token } = await signIn(t, 'big@example.com');
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const declared = await upload(token, big, 'image/png', { 'Content-Length': String(big.byteLength) });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toMatchObject({ code: 'payload_too_large', message: 'The image is larger than 5 MB. Choose a smaller one.' });
    // Refused on the header alone, before any byte is read.
    const claimed = await upload(token, 'tiny', 'image/png', { 'Content-Length': String(6 * 1024 * 1024) });
    expect(claimed.status).toBe(413);

    // No Content-Length (chunked): refused once 5 MB have been read, without reading the rest.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 200) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const streamed = await t.app.request('/api/media', {
      method: 'POST', headers: headers(token, { 'Content-Type': 'image/jpeg' }), body: stream, duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(100); // 5 MB is 80 chunks of 64 KB; 200 would be 12.5 MB
  });

  it('answers 415 for a text file declared as PNG, or any other type', async () => {
    const { token } = await signIn(t, 'text@example.com');
    const filesBefore = readdirSync(t.mediaDir).length;
    const text = await upload(token, 'this is not a picture', 'image/png');
    expect(text.status).toBe(415);
    expect((await text.json()).error).toMatchObject({
      code: 'unsupported_media_type', message: 'The file is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.',
    });
    const gif = await upload(token, await photo(8, 8).gif().toBuffer(), 'image/png');
    expect(gif.status).toBe(415);
    const pdf = await upload(token, '%PDF-1.4', 'application/pdf');
    expect(pdf.status).toBe(415);
    expect((await pdf.json()).error.message).toBe('Send the image itself as the body, with Content-Type image/jpeg, image/png or image/webp.');
    expect(readdirSync(t.mediaDir)).toHaveLength(filesBefore);
  });

  it('answers 4xx, never 5xx, to an empty, garbage, truncated or oversized image', async () => {
    const { token } = await signIn(t, 'hostile-upload@example.com');
    const filesBefore = readdirSync(t.mediaDir).length;
    const empty = await upload(token, new Uint8Array(0), 'image/jpeg');
    expect(empty.status).toBe(422);
    expect((await empty.json()).error).toMatchObject({
      code: 'validation_failed', message: 'The upload is empty. Choose a JPEG, PNG or WebP photo and send its bytes as the body.',
    });

    const jpeg = await photo(300, 200).jpeg().toBuffer();
    const garbage = new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x13, 0x37]);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.byteLength / 2));
    // A JPEG whose frame header claims 65,000 x 65,000 pixels (4.2 gigapixels): a decompression bomb.
    const bomb = Buffer.from(jpeg);
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(65_000, sof + 5);
    bomb.writeUInt16BE(65_000, sof + 7);
    const answers = await Promise.all([garbage, truncated, bomb].map(async (body) => {
      const res = await upload(token, body, 'image/jpeg');
      return { status: res.status, code: (await res.json()).error?.code };
    }));
    expect(answers).toEqual([
      { status: 415, code: 'unsupported_media_type' },
      { status: 415, code: 'unsupported_media_type' },
      { status: 413, code: 'payload_too_large' },
    ]);
    expect(readdirSync(t.mediaDir)).toHaveLength(filesBefore);
  });

  it("refuses set-avatar for a name that is not the user's own upload", async () => {
    const owner = await signIn(t, 'owner@example.com');
    const other = await signIn(t, 'other@example.com');
    const { data } = await (await upload(owner.token, await photo(40, 40).png().toBuffer(), 'image/png')).json();
    const stolen = await setAvatar(other.token, data.name);
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).error.message).toBe(`You have not uploaded an image named ${data.name}. Upload it first with POST /api/media.`);

    const path = await setAvatar(other.token, '../../etc/passwd');
    expect(path.status).toBe(422);
    expect((await path.json()).error.details).toEqual({ name: 'Send the name the upload answered, e.g. 3f…c1.webp.' });
    const me = (await (await t.app.request('/api/user/me', { headers: headers(other.token) })).json()).data;
    expect(me.avatarUrl).toBeNull();
  });

  it('answers 401 to anonymous uploads and set-avatar', async () => {
    expect((await upload(undefined, 'x', 'image/png')).status).toBe(401);
    expect((await setAvatar(undefined, 'nope')).status).toBe(401);
  });
});
