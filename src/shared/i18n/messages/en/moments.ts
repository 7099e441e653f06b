// The big moments (src/features/moments): a new rank, a badge, a streak, a first sweepstake entry. Keyed under
// `rank.` so every island that passes the level-up words (`pickMessages(messages, …, 'rank.')`) carries them.
// No word "points" here: under-18s see these too.
export default {
  'rank.named': '{rank} · {title}',
  'rank.nextBrings': '{rank} brings:',
  'rank.moment.close': 'Close',
  'rank.moment.continue': 'Keep going',
  'rank.moment.also': 'And also',
  'rank.moment.levelUp.eyebrow': 'New rank',
  'rank.moment.levelUp.title': 'You reached {rank}!',
  'rank.moment.levelUp.unlocked': 'Yours now',
  'rank.moment.levelUp.next': 'Next: {rank}',
  'rank.moment.levelUp.top': 'The top rank: there is nothing higher.',
  'rank.moment.badge.eyebrow': 'Badge earned',
  'rank.moment.badge.title': 'You earned the {badge} badge!',
  'rank.moment.badge.text': 'It is on your profile now, with today’s date.',
  'rank.moment.streak.eyebrow': 'Streak',
  'rank.moment.streak.title': '{days} days in a row!',
  'rank.moment.streak.text': 'Come back tomorrow to keep it going.',
  'rank.moment.firstEntry.eyebrow': 'First entry',
  'rank.moment.firstEntry.title': 'You are in your first draw!',
  'rank.moment.firstEntry.text': 'Good luck: the winners are drawn when entries close.',
};
