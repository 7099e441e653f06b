import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { AdminRank, RankTexts } from '~/server/organization/ranks.admin.routes.ts';

// The console's calls for the ranks' names and perks (/api/admin/ranks), typed from the admin API's contract.

export type { AdminRank, RankTexts };

export function getRanks(api: ApiClient): Promise<AdminRank[]> {
  return dataOf(api.http.get('admin/ranks'));
}

export function saveRank(api: ApiClient, name: string, body: RankTexts): Promise<AdminRank[]> {
  return dataOf(api.http.put(`admin/ranks/${encodeURIComponent(name)}`, { json: body }));
}
