import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { PickemOutcomeResult } from '~/server/admin/admin.routes.ts';
import type { AdminChallenge, AdminChallengeInput, AdminChallengePage, ChallengeListQuery } from '~/server/challenges/challenge.admin.routes.ts';
import type { Challenge } from '~/server/challenges/challenge.routes.ts';

// The console's calls for challenges (/api/admin/challenges), typed from the admin API's contract.

export type { AdminChallenge, AdminChallengeInput, AdminChallengePage, ChallengeListQuery };
export type ChallengeSubtypeName = AdminChallenge['subtype'];
export type ContentStatusName = AdminChallenge['status'];

const path = (id: string, rest = '') => `admin/challenges/${encodeURIComponent(id)}${rest}`;

export function listConsoleChallenges(api: ApiClient, query: ChallengeListQuery): Promise<AdminChallengePage> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return dataOf<AdminChallengePage>(api.http.get('admin/challenges', { searchParams }));
}

export function getConsoleChallenge(api: ApiClient, id: string): Promise<AdminChallenge> {
  return dataOf<AdminChallenge>(api.http.get(path(id)));
}

export function createConsoleChallenge(api: ApiClient, body: AdminChallengeInput): Promise<AdminChallenge> {
  return dataOf<AdminChallenge>(api.http.post('admin/challenges', { json: body }));
}

export function updateConsoleChallenge(api: ApiClient, id: string, body: AdminChallengeInput): Promise<AdminChallenge> {
  return dataOf<AdminChallenge>(api.http.put(path(id), { json: body }));
}

export function changeConsoleChallenge(api: ApiClient, id: string, change: 'duplicate' | 'archive' | 'publish'): Promise<AdminChallenge> {
  return dataOf<AdminChallenge>(api.http.post(path(id, `/${change}`)));
}

export function setPickemOutcome(api: ApiClient, id: string, responseIndex: number): Promise<PickemOutcomeResult> {
  return dataOf(api.http.post(path(id, '/outcome'), { json: { responseIndex } }));
}

/** The challenge as a supporter who has not answered it sees it, in `locale`. */
export function previewConsoleChallenge(api: ApiClient, id: string, locale: string): Promise<Challenge> {
  return dataOf<Challenge>(api.http.get(path(id, '/preview'), { searchParams: { locale } }));
}

export function getExcludedChallenges(api: ApiClient): Promise<{ ids: string[] }> {
  return dataOf(api.http.get('admin/challenges/excluded'));
}

export function setExcludedChallenges(api: ApiClient, ids: string[]): Promise<{ ids: string[] }> {
  return dataOf(api.http.put('admin/challenges/excluded', { json: { ids } }));
}
