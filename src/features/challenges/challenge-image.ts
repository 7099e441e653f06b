// A challenge's picture, from its `mediaId`: the demo's own images (made by scripts/pictures/challenge-images.ts,
// committed under public/images/challenges/ as WebP in three widths, 2:1), or an uploaded image the API serves
// by its content hash. Anything else shows no picture rather than a broken one.

/** The widths each demo image is made in; every one is twice as wide as it is tall. */
export const CHALLENGE_IMAGE_WIDTHS = [320, 640, 960] as const;

/** The demo images there are, by mediaId (the files are `/images/challenges/{mediaId}-{width}.webp`). */
export const DEMO_CHALLENGE_IMAGES = [
  'player-of-the-month', 'boxing-day-kit', 'away-day', 'goal-of-the-season', 'pre-season-tour', 'derby-day',
  'harbour-town-away', 'programme-keyword', 'matchday-feedback', 'keepy-uppy', 'history-quiz', 'squad-numbers',
] as const;

const DEMO = new Set<string>(DEMO_CHALLENGE_IMAGES);
/** An upload's name (server/media MEDIA_NAME): a 512 px square WebP served at /api/media/{name}. */
const UPLOAD = /^[a-f0-9]{64}\.webp$/;

export interface ImageSource {
  src: string;
  /** Absent when there is one size only. */
  srcset?: string;
  width: number;
  height: number;
}

export function challengeImage(mediaId: string | null | undefined): ImageSource | undefined {
  if (!mediaId) return undefined;
  if (DEMO.has(mediaId)) {
    const file = (w: number) => `/images/challenges/${mediaId}-${w}.webp`;
    const largest = 960;
    return {
      src: file(640),
      srcset: CHALLENGE_IMAGE_WIDTHS.map((w) => `${file(w)} ${w}w`).join(', '),
      width: largest,
      height: largest / 2,
    };
  }
  if (UPLOAD.test(mediaId)) return { src: `/api/media/${mediaId}`, width: 512, height: 512 };
  return undefined;
}
