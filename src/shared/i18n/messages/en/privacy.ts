// A supporter's data (/profile/data): the download and the erasure; the privacy API's refusals.
export default {
  'privacy.title': 'Your data',
  'privacy.intro': 'Everything the club\'s app holds about you: take a copy, or have your personal details erased.',
  'privacy.hub': 'Your data',
  'privacy.hubHint': 'Download a copy, or erase your account',
  'privacy.download.title': 'Download a copy',
  'privacy.download.text': 'One file with your profile, your choices and their history, your points and what they were for, your entries, badges, answers and sign-ins.',
  'privacy.download.button': 'Download my data',
  'privacy.erase.title': 'Erase my personal data',
  'privacy.erase.text': 'Your name, address, birthday, photo and choices are removed and you are signed out everywhere. Your points history and sweepstake entries stay, without your name, so the club\'s draws can still be checked. This cannot be undone; signing in again starts a new account.',
  'privacy.erase.confirm': 'Type your e-mail address to confirm',
  'privacy.erase.button': 'Erase my personal data',
  'privacy.erase.mismatch': 'That is not the address you signed in with: type it exactly to confirm.',
  'privacy.erase.done': 'Your personal data has been erased.',
  'api.privacy.confirm': 'Type the e-mail address of this account to confirm.',
  'api.privacy.reason': 'Say why, in 1 to 300 characters.',
  'api.privacy.notFound': 'There is no supporter with this id here.',
};
