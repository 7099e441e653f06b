// A sweepstake's picture, from its `mediaId`: the demo's own images (made by scripts/pictures/sweepstake-images.ts,
// committed under public/images/sweepstakes/ as WebP in three widths, 2:1), or an uploaded image the API serves
// by its content hash. Anything else shows no picture rather than a broken one.
import type { ImageSource } from '~/features/challenges/challenge-image.ts';

export type { ImageSource };

/** The widths each demo image is made in; every one is twice as wide as it is tall. */
export const SWEEPSTAKE_IMAGE_WIDTHS = [320, 640, 960] as const;

/** The demo images there are, by mediaId (the files are `/images/sweepstakes/{mediaId}-{width}.webp`). */
export const DEMO_SWEEPSTAKE_IMAGES = ['signed-shirt', 'hospitality', 'training-ground', 'away-coach'] as const;

const DEMO = new Set<string>(DEMO_SWEEPSTAKE_IMAGES);
const UPLOAD = /^[a-f0-9]{64}\.webp$/;

export function sweepstakeImage(mediaId: string | null | undefined): ImageSource | undefined {
  if (!mediaId) return undefined;
  if (DEMO.has(mediaId)) {
    const file = (w: number) => `/images/sweepstakes/${mediaId}-${w}.webp`;
    return { src: file(640), srcset: SWEEPSTAKE_IMAGE_WIDTHS.map((w) => `${file(w)} ${w}w`).join(', '), width: 960, height: 480 };
  }
  if (UPLOAD.test(mediaId)) return { src: `/api/media/${mediaId}`, width: 512, height: 512 };
  return undefined;
}
