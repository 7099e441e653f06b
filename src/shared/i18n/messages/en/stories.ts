// Stories: the dashboard's rail, the story page and its viewer.
// English is the source of every key; es/stories.ts must define the same keys.
// `{points}` is the club's own word for points with its number, already in the page's language.
export default {
  'stories.railTitle': 'Stories',
  'stories.badge.live': 'Live',
  'stories.badge.sponsored': 'Sponsored',
  'stories.state.live': 'live now',
  'stories.state.new': 'not watched yet',
  'stories.state.sponsored': 'sponsored',
  // After a cover link's title, its group in words (for screen readers).
  'stories.linkState': '({state})',
  'stories.state.watched': 'watched',
  'stories.description': 'A story from {club}.',
  'stories.noScript': 'You need JavaScript to play through this story. Without it, you can still open each chapter below.',
  'stories.earn': 'View every chapter to earn {points}.',
  'stories.earned': 'You have watched this story.',
  'stories.chaptersHeading': 'Chapters',
  'stories.chapterLink': 'Chapter {n}: {caption}',
  'stories.back': 'Back to the dashboard',
  // The viewer (an island: these are picked for it on the server).
  'stories.viewer.close': 'Close the story',
  'stories.viewer.pause': 'Pause',
  'stories.viewer.play': 'Play',
  'stories.viewer.previous': 'Previous chapter',
  'stories.viewer.next': 'Next chapter',
  'stories.viewer.chapter': 'Chapter {n} of {count}',
  'stories.viewer.hint': 'Tap the right side for the next chapter and the left side for the previous one. Press and hold to pause. Swipe down or press Escape to close.',
  'stories.viewer.share': 'Share',
  'stories.viewer.shareText': 'A story from {club}: {title}',
  'stories.viewer.copied': 'Link copied',
  'stories.viewer.copiedText': 'Paste it anywhere to share this story.',
  'stories.viewer.copyFailed': 'The link could not be copied',
  'stories.viewer.copyFailedText': "Copy it from your browser's address bar instead.",
  'stories.viewer.sponsor': 'Visit the sponsor',
  'stories.viewer.newTab': '(opens in a new tab)',
  'stories.viewer.viewFailed': 'Error marking story chapter as watched',
  'stories.viewer.viewFailedText': 'This chapter was not counted. Reload the story to try again.',
  'stories.viewer.complete': 'Story complete',
  'stories.viewer.earned': 'You earned {points} for viewing every chapter.',
  // The API's answers about stories.
  'api.stories.notFound': 'Story not found',
  'api.stories.unknownChapter': 'This chapter is not part of the story.',
};
