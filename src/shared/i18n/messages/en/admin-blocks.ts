// The console's block, unblock and sign out everywhere of one supporter (BlockForm.astro) and the admin API's
// refusals for them. es/admin-blocks.ts has the same keys.
export default {
  'admin.blocks.title': 'Block and sign out',
  'admin.blocks.notBlocked': 'Not blocked: this supporter can sign in, earn, spend and enter.',
  'admin.blocks.blockedSince': 'Blocked since {date}.',
  'admin.blocks.blockedReason': 'Reason: {reason}',
  'admin.blocks.blockedEffect': 'They cannot sign in, earn, spend or enter. Unblocking gives everything back: their balance and history are untouched.',
  'admin.blocks.reason': 'Reason for blocking',
  'admin.blocks.reasonHint': 'Up to 300 characters, for the staff and the audit trail. The supporter is told only that the club blocked the account and to contact the club.',
  'admin.blocks.block': 'Block supporter',
  'admin.blocks.blockEffect': 'Blocking ends every session of theirs at once.',
  'admin.blocks.changeReason': 'Change the reason',
  'admin.blocks.unblock': 'Unblock supporter',
  'admin.blocks.signOut': 'Sign out everywhere',
  'admin.blocks.signOutHint': 'Ends every session of this supporter, on every device. They can sign in again (unless blocked).',
  'admin.blocks.blocked_one': 'Supporter blocked. {count} session ended.',
  'admin.blocks.blocked_other': 'Supporter blocked. {count} sessions ended.',
  'admin.blocks.unblocked': 'Supporter unblocked: they can sign in again.',
  'admin.blocks.signedOut_one': 'Signed out everywhere: {count} session ended.',
  'admin.blocks.signedOut_other': 'Signed out everywhere: {count} sessions ended.',

  'api.blocks.notFound': 'There is no supporter with this id in the club.',
  'api.blocks.reasonMissing': 'Write why you are blocking this supporter.',
  'api.blocks.reasonLong': 'Keep the reason to 300 characters or fewer.',
};
