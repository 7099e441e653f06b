// Articles: the list, the article page and its read form.
// English is the source of every key; es/articles.ts must define the same keys.
export default {
  'articles.latestHeading': 'Latest articles',
  'articles.byline': 'By {author}',
  'articles.readHeading': 'Finished reading?',
  'articles.readButton': "I've read it",
  'articles.readHint': 'Earn {points} for reading this article. Take your time: it counts after about {seconds} seconds.',
  'articles.signInToEarn': 'Sign in to earn {points}',
  'articles.readDone': 'You earned {points} for reading this article.',
  'articles.readToast': 'Thanks for reading',
  'articles.readFailed': 'Your read could not be recorded. Try again.',
  'articles.done': 'Read',
  // The API's answers about articles (errors shown beside the read form).
  'api.articles.notFound': 'Article not found',
  'api.articles.badChecksum': 'This read could not be verified. Reload the article and try again.',
  'api.articles.ticketExpired': 'This page is too old to record your read. Reload the article and try again.',
  'api.articles.tooEarly_one': 'You finished very quickly. Keep reading for {count} more second, then try again.',
  'api.articles.tooEarly_other': 'You finished very quickly. Keep reading for {count} more seconds, then try again.',
};
