// Media, videos, playlists, stories, Instagram, sweepstakes and about pages.
// English is the source of every key; es/media.ts must define the same keys.
export default {
};
