import type en from '../en/account.ts';

// Welcome, enhanced experiences, language, SSO and sign-out pages.
const es: Record<keyof typeof en, string> = {
  'language.label': 'Idioma',
  'language.en': 'English',
  'language.es': 'Español',
  'language.save': 'Cambiar idioma',
};

export default es;
