import type { ApiClient } from '~/lib/api/client.ts';

// The supporter's own data (/profile/data) and the console's view of a supporter's, through the API.

/** Everything Terrace holds about the signed-in supporter: the API's JSON download, handed on as it comes. */
export function downloadMyData(api: ApiClient): Promise<Response> {
  return api.http.get('user/me/export', { timeout: false });
}

/** Erases the signed-in supporter's personal data; `confirm` is their address, typed again. */
export async function eraseMyData(api: ApiClient, confirm: string, headers: Record<string, string>): Promise<void> {
  await api.http.post('user/me/erase', { json: { confirm }, headers });
}

/** Everything Terrace holds about one supporter, for support (the view is audited). */
export function downloadMemberData(api: ApiClient, id: string): Promise<Response> {
  return api.http.get(`admin/members/${encodeURIComponent(id)}/export`, { timeout: false });
}

/** Erases one supporter's personal data, for support, with the reason (audited). */
export async function eraseMember(api: ApiClient, id: string, reason: string, headers: Record<string, string>): Promise<void> {
  await api.http.post(`admin/members/${encodeURIComponent(id)}/erase`, { json: { reason }, headers });
}
