// The console's challenges: the admin API's refusals and the console's words. es/admin-challenges.ts has the same keys.
export default {
  'api.adminChallenges.notFound': 'No challenge with this id: the list may have changed, reload it.',
  'api.adminChallenges.options': 'Give at least two options, each with a label.',
  'api.adminChallenges.questions': 'Give at least one question, each with two options or more and its right answer.',
  'api.adminChallenges.answer': 'Give the keyword supporters must send.',
  'api.adminChallenges.game': 'Give the game’s rules: length, maximum score, fastest scoring and the points per score.',
  'api.adminChallenges.kickoff': 'Give the kick-off time: picks close then.',
  'api.adminChallenges.expiresBeforeVisible': 'The end must come after the start.',
  'api.adminChallenges.time': 'Give a date and time, e.g. 2026-05-01T18:00:00Z.',
  'api.adminChallenges.subtypeFixed': 'A challenge’s kind cannot change: duplicate it as another kind instead.',
  'api.adminChallenges.correctIndex': 'Choose one of the question’s options as the right answer.',
  'api.adminChallenges.questionIds': 'Two questions share an id: give each its own.',
};
