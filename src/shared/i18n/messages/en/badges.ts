// Milestone badges on the profile (/profile, /profile/badges): the ones still to earn and how.
// No word "points": under-18s read these too.
export default {
  'badges.pageTitle': 'Badges',
  'badges.seeAll': 'All badges',
  'badges.toEarnTitle': 'To earn',
  'badges.locked': 'Not earned yet',
  'badges.how.first-checkin': 'Check in on your dashboard.',
  'badges.how.streak-7': 'Check in seven days in a row.',
  'badges.how.challenges-10': 'Answer ten challenges.',
  'badges.how.first-entry': 'Enter a sweepstake for the first time.',
};
