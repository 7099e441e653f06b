import { randomBytes } from 'node:crypto';

// Console sessions and API keys are told apart by their prefix, and from supporters' session tokens
// (43 characters, no prefix) and organization keys (pk_…), so one bearer is looked up in one table.
const PREFIX = { session: 'tos_', apiKey: 'tak_' } as const;

/** 256 bits from the operating system's secure source, URL-safe, with its kind's prefix. */
export function newOperatorSecret(kind: keyof typeof PREFIX): string {
  return PREFIX[kind] + randomBytes(32).toString('base64url');
}

export function secretKind(bearer: string): keyof typeof PREFIX | undefined {
  if (/^tos_[A-Za-z0-9_-]{43}$/.test(bearer)) return 'session';
  if (/^tak_[A-Za-z0-9_-]{43}$/.test(bearer)) return 'apiKey';
  return undefined;
}
