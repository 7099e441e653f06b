import type en from '../en/profile.ts';

// The profile hub and /profile/edit: photo, consents, birthday.
const es: Record<keyof typeof en, string> = {
  'profile.birthdayHint': 'Una vez indicada, puedes cambiar tu fecha de cumpleaños una sola vez.',
  'profile.birthdayLocked': 'Tu fecha de cumpleaños ya se ha cambiado una vez. Para corregirla, ponte en contacto con el club.',
};

export default es;
