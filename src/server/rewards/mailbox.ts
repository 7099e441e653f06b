const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, however its address is written: lower case, without a `+tag`, and for Gmail without
 * the dots of the local part (googlemail.com is gmail.com). Used to spot a supporter referring
 * themselves through an alias, not to change the address anyone signs in with.
 */
export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

export function sameMailbox(a: string, b: string): boolean {
  return normaliseMailbox(a) === normaliseMailbox(b);
}
