// The club's staff: roles, the invitation e-mail and the admin API's refusals. es/operators.ts has the same keys.
export default {
  'admin.role.owner': 'Owner',
  'admin.role.editor': 'Editor',
  'admin.role.support': 'Support',

  'mail.operatorInvite.subject': 'You are invited to run {club} on Terrace',
  'mail.operatorInvite.heading': 'Join the staff of {club}',
  'mail.operatorInvite.body': '{by} added you to the club’s console as {role}.',
  'mail.operatorInvite.how': 'Sign in with this e-mail address: we send you a code each time, no password needed.',
  'mail.operatorInvite.button': 'Open the console',
  'mail.operatorInvite.footer': 'Sent by the {club} console. If you did not expect it, you can ignore it.',

  'api.operator.signIn': 'Sign in to the console: this session has ended or this API key is unknown or revoked.',
  'api.operator.supporter': 'This is the club’s staff console: a supporter’s sign-in does not open it.',
  'api.operator.notStaff': 'This address is not on the club’s staff. Ask an owner to invite you.',
  'api.operator.forbidden': 'Your role cannot do this. Ask an owner of the club.',
  'api.operator.exists': 'This address is on the staff already: change its role instead.',
  'api.operator.lastOwner': 'The club needs at least one owner: make someone else owner first.',
  'api.operator.notFound': 'No operator with this id: the list may have changed, reload it.',
  'api.operator.role': 'Choose a role: owner, editor or support.',
  'api.operator.notSession': 'An API key has no session to end: revoke the key instead.',
  'api.apiKey.notFound': 'No API key with this id: the list may have changed, reload it.',
  'api.apiKey.name': 'Give the key a name of 1 to 80 characters, so you can tell it apart.',
  'api.audit.cursor': 'This page link is not valid: go back to the first page.',
  'api.audit.date': 'Give a date as YYYY-MM-DD.',
};
