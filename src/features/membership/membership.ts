import { isHTTPError } from 'ky';
import type { ApiClient } from '~/lib/api/client.ts';
import { readApiProblem, type ApiProblem } from '~/lib/api/errors.ts';

// The membership calls, through the one API client (in process on the server, /api in a browser).

// The shapes are the API's own (type-only import: no server code reaches the browser).
export type { MembershipChoice, MembershipTier, MyMembership } from '~/server/membership/membership.service.ts';
import type { MembershipChoice, MembershipTier, MyMembership } from '~/server/membership/membership.service.ts';

export async function fetchTiers(api: ApiClient): Promise<MembershipTier[]> {
  return (await api.http.get('membership/tiers').json<{ data: MembershipTier[] }>()).data;
}

/** The tier, or undefined when the organization has none by that name. */
export async function fetchTier(api: ApiClient, slug: string): Promise<MembershipTier | undefined> {
  try {
    return (await api.http.get(`membership/tiers/${encodeURIComponent(slug)}`).json<{ data: MembershipTier }>()).data;
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 404) return undefined;
    throw error;
  }
}

export async function fetchMyMembership(api: ApiClient): Promise<MyMembership> {
  return (await api.http.get('membership/me').json<{ data: MyMembership }>()).data;
}

export async function chooseMembership(
  api: ApiClient,
  slug: string,
): Promise<{ ok: true; choice: MembershipChoice } | { ok: false; problem: ApiProblem }> {
  try {
    const { data } = await api.http.post('membership/choose', { json: { membership: slug } }).json<{ data: MembershipChoice }>();
    return { ok: true, choice: data };
  } catch (error) {
    return { ok: false, problem: await readApiProblem(error) };
  }
}
