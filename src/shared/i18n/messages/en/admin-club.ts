// The club lane of the console (issue 24): reward cards, activations, experiences, sweepstakes and the
// club's settings; the admin API's refusals. es/admin-club.ts has the same keys.
export default {
  'api.club.notFound': 'Nothing with this id here: the list may have changed, reload it.',
  'api.club.slugTaken': 'Another item of this club already has this address (slug).',
  'api.club.endsBeforeStart': 'The end must come after the start.',
  'api.club.placesTaken': 'Fewer places than supporters have already taken.',
  'api.club.sweepstakeStarted': 'This sweepstake has started (or been drawn or cancelled): supporters may have entered, so it can no longer change.',
  'api.club.sweepstakeLive': 'This sweepstake is live: cancel it (entries are refunded) before archiving it.',
  'api.club.drawUnpublished': 'This sweepstake was never published: there is nothing to draw.',
  'sweepstakes.pdf.clubRulesHeading': 'Further rules from the club',
} as const;
