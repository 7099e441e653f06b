// The reward carousel on the dashboard.
// English is the source of every key; es/carousel.ts must define the same keys.
export default {
  'carousel.title': 'Rewards for you',
  // Spec: an "Ad" label on paid placements (isAd).
  'carousel.ad': 'Ad',
  'carousel.dismiss': 'Hide “{title}”',
  'carousel.externalLink': '(opens another site)',
  'carousel.dismissed': 'Card hidden',
  'carousel.dismissedText': 'It will not come back.',
  'carousel.dismissFailed': 'The card could not be hidden. Please try again.',
};
