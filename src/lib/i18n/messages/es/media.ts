import type en from '../en/media.ts';

// Media, videos, playlists, stories, Instagram, sweepstakes and about pages.
const es: Record<keyof typeof en, string> = {
};

export default es;
