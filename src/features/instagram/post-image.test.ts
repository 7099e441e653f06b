import { describe, expect, it } from 'vitest';
import { postImage } from './post-image.ts';

describe("an Instagram post's picture", () => {
  it('lists every width it has, smallest first, and takes the largest as its size', () => {
    expect(postImage({
      image: '/images/instagram/kit-960.webp',
      sources: [{ src: '/images/instagram/kit-960.webp', width: 960 }, { src: '/images/instagram/kit-480.webp', width: 480 }],
    })).toEqual({
      src: '/images/instagram/kit-960.webp',
      srcset: '/images/instagram/kit-480.webp 480w, /images/instagram/kit-960.webp 960w',
      size: 960,
    });
  });

  it('is the one picture when the club gives no other sizes', () => {
    expect(postImage({ image: '/images/instagram/kit.webp', sources: [] })).toEqual({ src: '/images/instagram/kit.webp', size: 640 });
  });
});
