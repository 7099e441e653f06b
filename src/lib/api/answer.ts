import type { KyResponse, ResponsePromise } from 'ky';

// The one place an answer's body is read. The type comes from the caller: a feature's API module
// (`features/<name>/<name>.api.ts`), which takes it from the server's schemas (type-only import).

/** The `data` of a successful answer (`{ "data": … }`). */
export async function dataOf<T>(answer: ResponsePromise | KyResponse): Promise<T> {
  return (await (await answer).json<{ data: T }>()).data;
}

/** The whole body, for an answer that carries more than `data` (a page of the ledger and its cursor). */
export async function bodyOf<T>(answer: ResponsePromise | KyResponse): Promise<T> {
  return (await answer).json<T>();
}
