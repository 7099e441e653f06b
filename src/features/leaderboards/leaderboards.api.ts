import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Leaderboard, LeaderboardName, LeaderboardPeriod, LeaderboardRow } from '~/server/leaderboards/leaderboard.schema.ts';

export type { Leaderboard, LeaderboardName, LeaderboardPeriod, LeaderboardRow };

/** GET /leaderboards/{period}: the top 50 and the caller's own place with the places around it. */
export function getLeaderboard(api: ApiClient, period: LeaderboardPeriod): Promise<Leaderboard> {
  return dataOf<Leaderboard>(api.http.get(`leaderboards/${period}`));
}

/** GET /leaderboards/name: whether the caller is shown by name, their number, and the name a board would show. */
export function getLeaderboardName(api: ApiClient): Promise<LeaderboardName> {
  return dataOf<LeaderboardName>(api.http.get('leaderboards/name'));
}

/** PUT /leaderboards/name: shows the caller's name on the boards (true) or "Supporter 4821" (false). */
export function setLeaderboardName(api: ApiClient, named: boolean, options: CallOptions = {}): Promise<LeaderboardName> {
  return dataOf<LeaderboardName>(api.http.put('leaderboards/name', { json: { named }, headers: options.headers ?? {} }));
}
