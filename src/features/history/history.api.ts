import { bodyOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Transaction, TransactionPage } from '~/server/ledger/transactions.routes.ts';

export type { Transaction, TransactionPage };

/**
 * GET /user/me/transactions: one page of the ledger, newest first, and the cursor of the next (older)
 * one. A cursor the API did not give out answers 422 `validation_failed` with `details.cursor`.
 */
export function listTransactions(api: ApiClient, page: { limit: number; cursor?: string | undefined }): Promise<TransactionPage> {
  const searchParams = page.cursor ? { limit: page.limit, cursor: page.cursor } : { limit: page.limit };
  return bodyOf<TransactionPage>(api.http.get('user/me/transactions', { searchParams }));
}
