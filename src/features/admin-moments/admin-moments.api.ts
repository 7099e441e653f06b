import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { AdminBadge, BadgeTexts } from '~/server/badges/badge.admin.routes.ts';
import type { AdminRank, RankTexts } from '~/server/organization/ranks.admin.routes.ts';

// The console's calls for the ranks' names and perks (/api/admin/ranks) and the milestone badges (/api/admin/badges),
// typed from the admin API's contract.

export type { AdminBadge, AdminRank, BadgeTexts, RankTexts };

export function getRanks(api: ApiClient): Promise<AdminRank[]> {
  return dataOf(api.http.get('admin/ranks'));
}

export function saveRank(api: ApiClient, name: string, body: RankTexts): Promise<AdminRank[]> {
  return dataOf(api.http.put(`admin/ranks/${encodeURIComponent(name)}`, { json: body }));
}

export function getBadges(api: ApiClient): Promise<AdminBadge[]> {
  return dataOf(api.http.get('admin/badges'));
}

export function saveBadge(api: ApiClient, milestone: string, body: BadgeTexts): Promise<AdminBadge[]> {
  return dataOf(api.http.put(`admin/badges/${encodeURIComponent(milestone)}`, { json: body }));
}

export function uploadBadgeImage(api: ApiClient, milestone: string, image: Blob): Promise<AdminBadge[]> {
  return dataOf(api.http.post(`admin/badges/${encodeURIComponent(milestone)}/image`, { body: image, headers: { 'Content-Type': image.type } }));
}
