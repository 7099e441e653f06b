import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { MemberBlock } from '~/server/members/block.routes.ts';

// The console's block, unblock and sign out everywhere of one supporter (/api/admin/members/{id}/…), typed
// from the admin API's contract. `api` is the console's client.

export type { MemberBlock };

const base = (id: string) => `admin/members/${encodeURIComponent(id)}`;

export function blockMember(api: ApiClient, id: string, reason: string): Promise<MemberBlock> {
  return dataOf(api.http.post(`${base(id)}/block`, { json: { reason } }));
}

export function unblockMember(api: ApiClient, id: string): Promise<MemberBlock> {
  return dataOf(api.http.post(`${base(id)}/unblock`));
}

export function signMemberOut(api: ApiClient, id: string): Promise<MemberBlock> {
  return dataOf(api.http.post(`${base(id)}/sign-out`));
}
