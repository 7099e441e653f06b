// E-mails and their subjects.
// English is the source of every key; es/mail.ts must define the same keys.
export default {
  // The code must stay in the subject: a phone shows it in the notification.
  'mail.signIn.subject': 'Your {club} sign-in code: {code}',
  'mail.signIn.preview': 'Enter this code in the app to sign in.',
  'mail.signIn.heading': 'Sign in to {club}',
  'mail.signIn.intro': 'Your sign-in code is:',
  'mail.signIn.validity_one': 'It works once, for {count} minute.',
  'mail.signIn.validity_other': 'It works once, for {count} minutes.',
  'mail.signIn.button': 'Sign in',
  'mail.signIn.linkIntro': 'Or open this link to sign in:',
  'mail.signIn.ignore': 'If you did not ask for it, ignore this e-mail: nobody can sign in without the code.',
  'mail.signIn.footer': 'Sent by the {club} supporters’ app.',
};
