// Sign-in pages: /login, /login/verify-email.
// English is the source of every key; es/signin.ts must define the same keys.
export default {
  'signin.emailLabel': 'E-mail address',
  'signin.codeLabel': 'Code',
  'signin.login.title': 'Sign in',
  'signin.login.heading': 'Sign in to {club}',
  'signin.login.intro': 'Enter your e-mail address. We will send you a 6-digit code: no password needed.',
  'signin.login.send': 'Send me a code',
  'signin.verify.title': 'Check your e-mail',
  // In sentTo and resent, {email} is shown in bold: the page splits the sentence around it.
  'signin.verify.sentTo': 'We sent a 6-digit code to {email}. It works once, for 10 minutes.',
  'signin.verify.askAddress': 'Enter your e-mail address and the 6-digit code we sent you.',
  'signin.verify.submit': 'Sign in',
  'signin.verify.resent': 'We sent a new code to {email}. It works for 10 minutes; codes from earlier e-mails no longer work.',
  'signin.verify.helpTitle': 'No e-mail?',
  'signin.verify.helpText': 'It can take a minute, and it may be in your spam folder.',
  'signin.verify.resend': 'Send a new code',
  'signin.verify.otherAddress': 'Use another address',
  'signin.verify.askCode': 'Ask for a code',
  'signin.error.replaced': 'This code was replaced by a newer one. Use the code from the latest e-mail.',
  // Signing in with the club's own identity provider (OIDC_ISSUER): a plain form on /login.
  'signin.provider.button': 'Sign in with {club}',
  'signin.provider.intro': 'Use your {club} account.',
  'signin.provider.or': 'or',
  // Where a sign-in at the provider came back refused: /login?problem=…
  'signin.provider.problem.state': 'That sign-in was out of date or started in another browser. Sign in again.',
  'signin.provider.problem.denied': 'You cancelled signing in with {club}. To sign in, start again and allow access.',
  'signin.provider.problem.unverified': 'Your {club} account has no confirmed e-mail address. Confirm it with {club}, then sign in again.',
  'signin.provider.problem.taken': 'Your e-mail address belongs to another {club} account. Contact the club to sort it out.',
  'signin.provider.problem.unavailable': 'We could not reach the {club} sign-in just now. Try again in a few minutes.',
  'signin.provider.problem.failed': 'Signing in with {club} did not complete. Sign in again.',
  'signin.provider.problem.blocked': '{club} has blocked this account, so it cannot sign in. To find out why or to ask for it back, contact the club with the e-mail address you sign in with: its contact details are on the About page of this site, or ask at the club shop or ticket office.',
  'signin.blocked.title': 'This account is blocked',
  'signin.blocked.about': 'How to contact the club',
  // /logout, when the club's identity provider signed the supporter in: on to its own sign-out.
  'signout.provider.title': 'Signed out',
  'signout.provider.continuing': 'You are signed out here. Taking you to {club} to sign out there too…',
  'signout.provider.continue': 'Continue to {club}',
};
