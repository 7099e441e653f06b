import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStore } from '../media/media.store.ts';
import { DEMO_VIDEOS, storedName } from './video.demo.ts';

/** The demo clips committed beside this file (run from the sources: `npm start`, `db:seed`, the tests). */
const SHIPPED = join(import.meta.dirname, 'demo-videos');

/**
 * Puts the demo clips into the media store (a folder or a bucket) under their content-hash names, as every
 * stored file is named; a clip already there is left alone, and the store's write is whole or nothing. Cheap
 * enough to run on every start, by every machine.
 */
export async function installDemoVideos(media: MediaStore): Promise<number> {
  let copied = 0;
  for (const video of DEMO_VIDEOS) {
    if (video.source.type !== 'file') continue;
    const name = storedName(video.source);
    const from = join(SHIPPED, video.source.file);
    const [have, want] = await Promise.all([media.size(name), stat(from)]);
    if (have === want.size) continue;
    await media.writeFile(name, from);
    copied += 1;
  }
  return copied;
}
