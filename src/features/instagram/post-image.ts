import type { InstagramPost } from '~/lib/api/organization.ts';

// A post's picture for <img>: the club's own copy on this site, in every width it has, drawn square.

/** The grid's columns: two on a phone, three from Tailwind's `sm` (640 px), inside `main`'s 36 rem. */
export const POST_IMAGE_SIZES = '(min-width: 640px) 176px, calc(50vw - 22px)';
/** The width a picture is taken to have when the club gives no sizes (it is shown square, cropped to fit). */
const DEFAULT_WIDTH = 640;

export function postImage(post: Pick<InstagramPost, 'image' | 'sources'>): { src: string; srcset?: string; size: number } {
  const sources = [...post.sources].sort((a, b) => a.width - b.width);
  if (sources.length === 0) return { src: post.image, size: DEFAULT_WIDTH };
  return {
    src: post.image,
    srcset: sources.map((s) => `${s.src} ${s.width}w`).join(', '),
    size: sources[sources.length - 1]!.width,
  };
}
