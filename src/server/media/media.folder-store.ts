import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { checkedName, type ByteRange, type MediaStore } from './media.store.ts';

/** Errors that mean "no file by that name" rather than a broken disk. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const missing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/** The media store as a folder on this machine (MEDIA_DIR): the default, for one machine. */
export function folderMediaStore(dir: string): MediaStore {
  const folder = resolve(dir);
  const pathOf = (name: string) => join(folder, checkedName(name));

  /** Writes to a hidden partial file, then renames it into place: a rename is atomic, so no reader sees half a file. */
  async function placeWhole(name: string, fill: (partial: string) => Promise<void>): Promise<void> {
    const path = pathOf(name);
    await mkdir(folder, { recursive: true });
    const partial = join(folder, `.${name}.${randomUUID()}.part`);
    try {
      await fill(partial);
      await rename(partial, path);
    } finally {
      await rm(partial, { force: true });
    }
  }

  return {
    where: folder,
    async size(name) {
      const found = await stat(pathOf(name)).catch((error: unknown) => {
        if (missing(error)) return undefined;
        throw error;
      });
      return found?.isFile() ? found.size : undefined;
    },
    async read(name, range?: ByteRange) {
      // Opened first, so a missing file is known before any answer starts (a stream would only fail later).
      const handle = await open(pathOf(name), 'r').catch((error: unknown) => {
        if (missing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      const stream = handle.createReadStream({ autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
      // A cancelled web stream (the client went away) destroys the file stream, which closes the handle.
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    write: (name, bytes) => placeWhole(name, (partial) => writeFile(partial, bytes)),
    writeFile: (name, path) => placeWhole(name, (partial) => copyFile(path, partial)),
    remove: (name) => rm(pathOf(name), { force: true }),
  };
}
