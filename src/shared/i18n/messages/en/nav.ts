// The shell: skip link, tab bar, anonymous bar, error pages.
// English is the source of every key; es/nav.ts must define the same keys.
export default {
  'shell.skipToContent': 'Skip to content',
  'shell.mainNavigation': 'Main',
  'tabs.dashboard': 'Home',
  'tabs.challenges': 'Challenges',
  'tabs.media': 'Media',
  'tabs.sweepstakes': 'Sweepstakes',
  'tabs.profile': 'Profile',
  'tabs.about': 'About',
  'nav.signIn': 'Sign in',
  'error.title': 'Sorry, this page cannot be found',
  'error.goBackHome': 'Go back home',
  'error.notFound': 'Page not found',
  'error.invalidRoute': 'Page Not Found: {path}',
  'error.serverError': 'Something went wrong',
};
