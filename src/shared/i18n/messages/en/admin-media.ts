// The console's stories, videos and articles: the API's refusals (api.adminMedia.*) and the console's pages
// (adminMedia.*). English is the source of every key; es/admin-media.ts must define the same keys.
export default {
  'api.adminMedia.stopsBeforeStart': 'The end must come after the start.',
  'api.adminMedia.slugFormat': 'Use lower-case letters, digits and hyphens (up to 80).',
  'api.adminMedia.slugTaken': 'Another item already has this address.',
  'api.adminMedia.sourceFormat': 'Not a stored clip or a YouTube video id.',
  'api.adminMedia.watchLongerThanVideo': 'The watch time cannot be longer than the video.',
  'api.adminMedia.clipMissing': 'No clip is stored by this name: upload it first.',
  'api.adminMedia.bodyEmpty': 'The text has nothing a supporter could read.',
  'api.adminMedia.notAClip': 'The file is not an MP4 or WebM video.',
  'api.adminMedia.sendClip': 'Send an MP4 or WebM video.',
};
