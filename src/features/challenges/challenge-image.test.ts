import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CHALLENGES } from '~/server/challenges/challenge.demo.ts';
import { CHALLENGE_IMAGE_WIDTHS, DEMO_CHALLENGE_IMAGES, challengeImage } from './challenge-image.ts';

const PUBLIC = join(import.meta.dirname, '..', '..', '..', 'public');

describe('challenge images', () => {
  it('gives every visible demo challenge a picture of its own', () => {
    const shown = DEMO_CHALLENGES.filter((d) => !d.excludedId);
    expect(shown.map((d) => d.mediaId).sort()).toEqual([...DEMO_CHALLENGE_IMAGES].sort());
  });

  it('has each picture in every width, small (committed WebP, nothing fetched)', () => {
    for (const name of DEMO_CHALLENGE_IMAGES) {
      for (const width of CHALLENGE_IMAGE_WIDTHS) {
        const size = statSync(join(PUBLIC, 'images', 'challenges', `${name}-${width}.webp`)).size;
        expect(size, `${name}-${width}`).toBeLessThan(20 * 1024);
      }
    }
  });

  it('answers a responsive source set for a demo picture, one size for an upload, and nothing for anything else', () => {
    expect(challengeImage('keepy-uppy')).toEqual({
      src: '/images/challenges/keepy-uppy-640.webp',
      srcset: '/images/challenges/keepy-uppy-320.webp 320w, /images/challenges/keepy-uppy-640.webp 640w, /images/challenges/keepy-uppy-960.webp 960w',
      width: 960, height: 480,
    });
    const upload = `${'ab'.repeat(32)}.webp`;
    expect(challengeImage(upload)).toEqual({ src: `/api/media/${upload}`, width: 512, height: 512 });
    for (const id of [null, undefined, '', '../secret', 'https://evil.example/x.webp', 'keepy-uppy-640', '__proto__']) {
      expect(challengeImage(id)).toBeUndefined();
    }
  });
});
