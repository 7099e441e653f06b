// Words shared by many screens: point terms, generic buttons and errors.
// English is the source of every key; es/common.ts must define the same keys.
export default {
  'common.close': 'Close',
  'toast.region': 'Notifications',
  'session.signedOut': 'You are signed out: your session has ended, perhaps on another device. Sign in to go on.',
  'session.signIn': 'Sign in',
  'birthday.title': 'Happy Birthday',
  'birthday.bonus': 'Here is a birthday bonus from all of us.',
  'points.term_one': 'point',
  'points.term_other': 'points',
};
