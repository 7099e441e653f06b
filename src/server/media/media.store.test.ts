import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startTestS3 } from '../testing/s3.ts';
import { folderMediaStore } from './media.folder-store.ts';
import { s3MediaStore } from './media.s3-store.ts';
import type { MediaStore } from './media.store.ts';

// One list of tests, run against each kind of media store: a folder (MEDIA_DIR) and an S3-compatible bucket
// (a real s3rver on a free port, reached over HTTP as MEDIA_STORE=s3://… reaches a bucket).

interface Opened {
  store: MediaStore;
  /** Everything in the store's backing place (hidden files too), to see that nothing half-written is left. */
  entries(): Promise<string[]>;
  close(): Promise<void>;
}

const scratch = mkdtempSync(join(tmpdir(), 'terrace-store-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const kinds: Array<{ kind: string; open: () => Promise<Opened> }> = [
  {
    kind: 'folder',
    async open() {
      const dir = mkdtempSync(join(scratch, 'media-'));
      return { store: folderMediaStore(dir), entries: async () => readdirSync(dir).sort(), close: async () => {} };
    },
  },
  {
    kind: 's3',
    async open() {
      const s3 = await startTestS3();
      const store = s3MediaStore({
        bucket: s3.bucket, prefix: 'club/', region: 'us-east-1', endpoint: s3.endpoint, pathStyle: true, credentials: S3RVER_CREDENTIALS,
      });
      return { store, entries: s3.keys, close: s3.close };
    },
  },
];

/** The stream's bytes, and how many pieces they came in. */
async function collect(stream: ReadableStream<Uint8Array> | undefined): Promise<{ bytes: Buffer; chunks: number; largest: number }> {
  if (!stream) throw new Error('no stream');
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return { bytes: Buffer.concat(parts), chunks: parts.length, largest: Math.max(0, ...parts.map((p) => p.byteLength)) };
}

const name = (n: number, extension = 'webp') => `${n.toString(16).padStart(64, '0')}.${extension}`;

describe.each(kinds)('the $kind media store', ({ kind, open }) => {
  let opened: Opened;
  let store: MediaStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.close());

  it('writes a file whole, tells its size and reads it back', async () => {
    const bytes = randomBytes(70_000);
    expect(await store.size(name(1))).toBeUndefined();
    await store.write(name(1), bytes);
    expect(await store.size(name(1))).toBe(bytes.byteLength);
    expect((await collect(await store.read(name(1)))).bytes.equals(bytes)).toBe(true);
    // The folder's entries or the bucket's keys: the one file, under the bucket's folder, nothing half-written beside it.
    expect(await opened.entries()).toEqual([kind === 's3' ? `club/${name(1)}` : name(1)]);
  });

  it('reads a range of bytes: the middle, the end, one byte', async () => {
    const bytes = randomBytes(10_000);
    await store.write(name(2, 'mp4'), bytes);
    expect((await collect(await store.read(name(2, 'mp4'), { start: 100, end: 199 }))).bytes.equals(bytes.subarray(100, 200))).toBe(true);
    expect((await collect(await store.read(name(2, 'mp4'), { start: 9_990, end: 9_999 }))).bytes.equals(bytes.subarray(9_990))).toBe(true);
    expect((await collect(await store.read(name(2, 'mp4'), { start: 5_000, end: 5_000 }))).bytes.equals(bytes.subarray(5_000, 5_001))).toBe(true);
  });

  it('answers undefined for a name it does not hold, and removes a file (a missing one is fine)', async () => {
    expect(await store.size(name(3))).toBeUndefined();
    expect(await store.read(name(3))).toBeUndefined();
    await store.write(name(3), Buffer.from('x'));
    await store.remove(name(3));
    expect(await store.size(name(3))).toBeUndefined();
    expect(await store.read(name(3))).toBeUndefined();
    await expect(store.remove(name(3))).resolves.toBeUndefined();
  });

  it('streams a large clip in pieces, from a file or to a reader, never as one buffer', async () => {
    const clip = randomBytes(12 * 1024 * 1024);
    const path = join(scratch, `${kind}-clip.webm`);
    writeFileSync(path, clip);
    await store.writeFile(name(4, 'webm'), path);
    expect(await store.size(name(4, 'webm'))).toBe(clip.byteLength);
    const read = await collect(await store.read(name(4, 'webm')));
    expect(read.bytes.equals(clip)).toBe(true);
    expect(read.chunks).toBeGreaterThan(10);
    expect(read.largest).toBeLessThanOrEqual(1024 * 1024);
  });

  it('lets a reader stop early: the rest is never read', async () => {
    await store.write(name(5, 'webm'), randomBytes(4 * 1024 * 1024));
    const reader = (await store.read(name(5, 'webm')))!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    // The store still answers (no handle or connection left stuck by the cancelled read).
    expect(await store.size(name(5, 'webm'))).toBe(4 * 1024 * 1024);
  });

  it('refuses a name that is a path, before touching anything', async () => {
    for (const bad of ['../escape.webp', 'a/b.webp', '.hidden.webp', '']) {
      await expect(store.write(bad, Buffer.from('x'))).rejects.toThrow(/not a media file name/);
      await expect(store.size(bad)).rejects.toThrow(/not a media file name/);
    }
  });

  // The folder's own promise (a hidden part file renamed into place). A bucket makes it itself: S3 never shows part
  // of an object (a PutObject is whole or absent), and the bucket store writes each file with one PutObject;
  // s3rver, which writes an object in place while it arrives, could not show it.
  if (kind === 'folder') it('never shows a reader part of a file being written', async () => {
    const bytes = randomBytes(32 * 1024 * 1024);
    let writing = true;
    const written = store.write(name(6, 'mp4'), bytes).finally(() => { writing = false; });
    const seen = new Set<number | undefined>();
    while (writing) {
      seen.add(await store.size(name(6, 'mp4')));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await written;
    seen.add(await store.size(name(6, 'mp4')));
    expect([...seen].filter((size) => size !== undefined && size !== bytes.byteLength)).toEqual([]);
    expect(await opened.entries()).not.toContainEqual(expect.stringMatching(/\.part$/));
  });
});

describe('the bucket store against a server that refuses it', () => {
  it('throws (never "no such file") when the credentials are wrong, so nothing is taken for missing', async () => {
    const s3 = await startTestS3();
    try {
      const store = s3MediaStore({
        bucket: s3.bucket, prefix: '', region: 'us-east-1', endpoint: s3.endpoint, pathStyle: true,
        // s3rver knows one access key (and checks no signature): another key is refused with 403, as S3 would.
        credentials: { accessKeyId: 'someone-else', secretAccessKey: 'wrong' },
      });
      await expect(store.size(name(7))).rejects.toThrow();
      await expect(store.write(name(7), Buffer.from('x'))).rejects.toThrow();
      expect(await s3.keys()).toEqual([]);
    } finally {
      await s3.close();
    }
  });
});
