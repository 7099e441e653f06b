// Activations (the scannable /a/{slug} page) and the badges they give, on the profile.
// English is the source of every key; es/activations.ts must define the same keys.
export default {
  'activations.eyebrow': 'Badge to collect',
  'activations.eyebrowEarned': 'In your collection',
  'activations.badgeAlt': 'The {badge} badge',
  'activations.reward': 'The {badge} badge and {points}',
  'activations.rewardBadgeOnly': 'The {badge} badge',
  'activations.openUntil': 'Open until {date}',
  'activations.collect': 'Collect badge',
  'activations.collectHint': 'One badge per supporter: collecting it again gives nothing more.',
  'activations.collectedOn': 'You collected this badge on {date}.',
  'activations.seeBadges': 'See your badges',
  // A signed-out visitor on the activation's link (issue 26, point 7).
  'activations.signInToCollect': 'Sign in to collect',
  'activations.signInHint': 'Signing in brings you back here to collect the badge with one tap.',
  'activations.notStartedYet': 'It is not open yet: come back on {date} to collect it.',
  'activations.over': 'This one is over: the badge could be collected until {date}.',
  'activations.collectedToast': 'Badge collected: {badge}',
  'activations.earnedPoints': 'You earned {points}.',
  'activations.alreadyToast': 'You already have the {badge} badge',
  'activations.alreadyText': 'Nothing more to collect here: it is on your profile.',
  'activations.failed': 'The badge could not be collected. Try again.',
  'badges.title': 'Your badges',
  'badges.earnedOn': 'Earned {date}',
  'badges.emptyTitle': 'No badges yet',
  'badges.emptyText': 'Scan the club’s codes at the ground, in the club shop and at the ticket office to collect them.',
  'badges.loadFailed': 'Your badges could not be loaded. Reload the page to try again.',
  // The API's answers about activations.
  'api.activations.notFound': 'Activation not found',
  'api.activations.notStarted': 'This activation has not started yet. Come back when it opens.',
  'api.activations.over': 'This activation is over: its badge can no longer be collected.',
};
