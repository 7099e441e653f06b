import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { OperatorMe } from '~/server/operators/operator.routes.ts';

export type { OperatorMe };

/** GET /admin/session: the operator (or API key) behind the console client's bearer, with its role. */
export function getOperatorMe(api: ApiClient): Promise<OperatorMe> {
  return dataOf<OperatorMe>(api.http.get('admin/session'));
}
