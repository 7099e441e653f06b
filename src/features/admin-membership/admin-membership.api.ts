import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { AdminTier, TierTexts } from '~/server/membership/membership.admin.routes.ts';

// The console's calls for the membership tiers' words (/api/admin/membership-tiers), typed from the admin API's contract.

export type { AdminTier, TierTexts };

export function getTiers(api: ApiClient): Promise<AdminTier[]> {
  return dataOf(api.http.get('admin/membership-tiers'));
}

export function saveTier(api: ApiClient, slug: string, body: TierTexts): Promise<AdminTier[]> {
  return dataOf(api.http.put(`admin/membership-tiers/${encodeURIComponent(slug)}`, { json: body }));
}
