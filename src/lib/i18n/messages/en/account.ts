// Welcome, enhanced experiences, language, SSO and sign-out pages.
// English is the source of every key; es/account.ts must define the same keys.
export default {
  'language.label': 'Language',
  'language.en': 'English',
  'language.es': 'Español',
  'language.save': 'Change language',
};
