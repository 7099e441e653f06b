// Videos and playlists: the list, the video page, its player and watch toast, the playlist pages.
// English is the source of every key; es/videos.ts must define the same keys.
// `{points}` is the club's own word for points with its number ("10 points"), already in the page's language.
export default {
  // The API's answers about videos and playlists.
  'api.videos.notFound': 'Video not found',
  'api.videos.badChecksum': 'This view could not be verified. Play the video again from the start.',
  'api.videos.ticketExpired': 'This view was started too long ago. Play the video again from the start.',
  'api.videos.tooEarly_one': 'Keep watching: the view counts in {count} more second.',
  'api.videos.tooEarly_other': 'Keep watching: the view counts in {count} more seconds.',
  'api.playlists.notFound': 'Playlist not found',
  'api.media.videoNotFound': 'No video named {name}.',
  'api.media.rangeNotSatisfiable': 'The range starts past the end of the file ({size} bytes).',
};
