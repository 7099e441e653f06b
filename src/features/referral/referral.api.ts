import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';

// The API's own shape (type-only import: no server code reaches the browser).
import type { Referral } from '~/server/rewards/referral.schema.ts';

export type { Referral };

/** GET /rewards/referral: the user's referral code, link and counts (the code is made on first call). */
export function getReferral(api: ApiClient): Promise<Referral> {
  return dataOf<Referral>(api.http.get('rewards/referral'));
}
