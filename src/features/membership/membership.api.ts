import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The membership calls, through the one API client (in process on the server, /api in a browser).
// The shapes are the API's own (type-only import: no server code reaches the browser).
import type { MembershipChoice, MembershipTier, MyMembership } from '~/server/membership/membership.schema.ts';

export type { MembershipChoice, MembershipTier, MyMembership };

/** GET /membership/tiers: the organization's tiers, in display order (in `language`, else the client's). */
export function listTiers(api: ApiClient, language?: string): Promise<MembershipTier[]> {
  return dataOf<MembershipTier[]>(api.http.get('membership/tiers', language ? { headers: { 'Accept-Language': language } } : {}));
}

/** GET /membership/me: the user's membership, its tier and pending upgrade requests. */
export function getMyMembership(api: ApiClient): Promise<MyMembership> {
  return dataOf<MyMembership>(api.http.get('membership/me'));
}

/**
 * POST /membership/choose: a free tier applies at once, a paid one is recorded as a request. A form
 * posted without JavaScript passes its own idempotency key (`headers`).
 */
export function chooseMembership(api: ApiClient, slug: string, options?: CallOptions): Promise<MembershipChoice> {
  const request = { json: { membership: slug }, ...(options?.headers ? { headers: options.headers } : {}) };
  return dataOf<MembershipChoice>(api.http.post('membership/choose', request));
}
