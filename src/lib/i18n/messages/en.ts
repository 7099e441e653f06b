// English: the source of every message key. Other locales must define the same keys.
const en = {
  'shell.skipToContent': 'Skip to content',
  'shell.mainNavigation': 'Main',
  'tabs.dashboard': 'Home',
  'tabs.challenges': 'Challenges',
  'tabs.media': 'Media',
  'tabs.sweepstakes': 'Sweepstakes',
  'tabs.profile': 'Profile',
  'error.title': 'Sorry, this page cannot be found',
  'error.goBackHome': 'Go back home',
  'error.notFound': 'Page not found',
  'error.invalidRoute': 'Page Not Found: {path}',
  'error.serverError': 'Something went wrong',
  'toast.region': 'Notifications',
  'common.close': 'Close',
  'birthday.title': 'Happy Birthday',
  'birthday.bonus': 'Here is a birthday bonus from all of us.',
  'profile.birthdayHint': 'Once set, you can change your birthday one time.',
  'profile.birthdayLocked': 'Your birthday has already been changed once. To correct it, contact the club.',
  'language.label': 'Language',
  'language.en': 'English',
  'language.es': 'Español',
  'language.save': 'Change language',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
export default en satisfies Messages;
