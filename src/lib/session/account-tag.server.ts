import { createHash } from 'node:crypto';

/**
 * The account a page was made for, as the service worker reads it from the `X-Terrace-Account` header to keep
 * pages for one account only (src/features/install/service-worker.ts): a short hash of the supporter's id, not
 * the id, and `none` for a signed-out visitor.
 */
export function accountTag(userId: string | undefined): string {
  return userId ? createHash('sha256').update(`terrace-account\n${userId}`).digest('base64url').slice(0, 16) : 'none';
}
