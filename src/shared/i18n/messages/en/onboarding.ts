// A new supporter's first pages (/choose-your-membership, /welcome) where the design pass of issue 26 added words.
// English is the source of every key; es/onboarding.ts must define the same keys.
export default {
  'onboarding.oneTierTitle': 'Your membership',
  'onboarding.oneTierIntro': 'Every {club} supporter starts as {tier}. Continue to see how to earn your first rewards.',
  'onboarding.continueWith': 'Continue with {tier}',
};
