// The profile hub and /profile/edit: photo, consents, birthday.
// English is the source of every key; es/profile.ts must define the same keys.
export default {
  'profile.birthdayHint': 'Once set, you can change your birthday one time.',
  'profile.birthdayLocked': 'Your birthday has already been changed once. To correct it, contact the club.',
};
