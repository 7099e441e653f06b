import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEMO_VIDEOS, storedName } from './video.demo.ts';

/** The demo clips committed beside this file (run from the sources: `npm start`, `db:seed`, the tests). */
const SHIPPED = join(import.meta.dirname, 'demo-videos');

/**
 * Puts the demo clips into the media store (MEDIA_DIR) under their content-hash names, as every stored
 * file is named; a clip already there is left alone. Cheap enough to run on every start.
 */
export async function installDemoVideos(mediaDir: string): Promise<number> {
  const folder = resolve(mediaDir);
  await mkdir(folder, { recursive: true });
  let copied = 0;
  for (const video of DEMO_VIDEOS) {
    if (video.source.type !== 'file') continue;
    const target = join(folder, storedName(video.source));
    const from = join(SHIPPED, video.source.file);
    const [have, want] = await Promise.all([stat(target).catch(() => undefined), stat(from)]);
    if (have?.size === want.size) continue;
    // Copied whole, then renamed into place: a reader never sees half a file.
    const partial = join(folder, `.${storedName(video.source)}.${randomUUID()}.part`);
    try {
      await copyFile(from, partial);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
    copied += 1;
  }
  return copied;
}
