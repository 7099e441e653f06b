// The club's header and the landing page.
// English is the source of every key; es/identity.ts must define the same keys.
export default {
  'identity.metaDescription': "{club} supporters' club: earn {points}, climb the ranks and win prizes.",
  'header.rank': 'Rank',
  'header.history': 'see your history',
  'home.description': "Join the {club} supporters' club: earn {points}, climb from P10 to P1 and win prizes.",
  'home.eyebrow': "Official supporters' club",
  // The headline, one short line each.
  'home.titleMatch': 'Every match.',
  'home.titleVisit': 'Every visit.',
  'home.titlePoint': 'Every {point} counts.',
  'home.lede': 'Check in daily, answer polls and quizzes, watch videos and climb the ranks from P10 to P1. Spend your {points} on sweepstake entries.',
  'home.signIn': 'Sign in',
  'home.newHere': 'New here? Sign in with your e-mail address and your account is ready in a minute.',
  'home.howItWorks': 'How it works',
  'home.prizeEyebrow': 'Up for grabs now',
  'home.prizeCta': 'See the prize',
};
