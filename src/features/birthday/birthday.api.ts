import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';

// The API's own shape (type-only import: no server code reaches the browser).
import type { BirthdaySeen } from '~/server/rewards/rewards.routes.ts';

export type { BirthdaySeen };

/** POST /rewards/birthday/seen: the modal was closed; the bonus is not offered again this year. */
export function markBirthdayBonusSeen(api: ApiClient): Promise<BirthdaySeen> {
  return dataOf<BirthdaySeen>(api.http.post('rewards/birthday/seen'));
}
