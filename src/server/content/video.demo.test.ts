import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYLISTS } from '../../shared/playlists.ts';
import { DEMO_VIDEOS } from './video.demo.ts';
import { minimumWatchSeconds } from './video.ticket.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('the demo videos', () => {
  const files = DEMO_VIDEOS.flatMap((v) => (v.source.type === 'file' ? [{ slug: v.slug, ...v.source }] : []));

  it('ship at least eight videos, at least three of them real clips, together under 3 MB', () => {
    expect(DEMO_VIDEOS.length).toBeGreaterThanOrEqual(8);
    expect(files.length).toBeGreaterThanOrEqual(3);
    const bytes = files.reduce((sum, f) => sum + statSync(join(import.meta.dirname, 'demo-videos', f.file)).size, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  it('name each clip by the sha256 of the file shipped (re-run scripts/pictures/demo-videos.ts, then copy the hashes)', () => {
    for (const file of files) {
      const bytes = readFileSync(join(import.meta.dirname, 'demo-videos', file.file));
      expect(createHash('sha256').update(bytes).digest('hex'), file.file).toBe(file.sha256);
    }
  });

  it('have a poster each, on this site', () => {
    for (const video of DEMO_VIDEOS) expect(existsSync(join(ROOT, 'public', 'videos', `${video.slug}.webp`)), video.slug).toBe(true);
  });

  it('put at least one video in each of the six playlists', () => {
    for (const playlist of PLAYLISTS) expect(DEMO_VIDEOS.some((v) => v.playlists.includes(playlist.id as never)), playlist.id).toBe(true);
  });

  it('count a view after 80% of the video, or 30 s, whichever is less', () => {
    expect([minimumWatchSeconds(10), minimumWatchSeconds(20), minimumWatchSeconds(37), minimumWatchSeconds(38), minimumWatchSeconds(900)]).toEqual([8, 16, 30, 30, 30]);
    expect(minimumWatchSeconds(0)).toBe(1);
  });
});
