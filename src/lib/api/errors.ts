import { isHTTPError } from 'ky';
import type { Translate } from '~/shared/i18n/translate.ts';
import { signedOutText } from './signed-out.ts';
// The API's closed set of codes (type-only import: no server code reaches the browser).
import type { ErrorCode } from '~/server/errors.ts';
import type { ErrorBody } from '~/server/errors.schema.ts';

export type { ErrorCode };

export interface ApiProblem {
  status: number;
  /** What to branch on; the message is only for showing. */
  code: ErrorCode;
  /** In the language the call asked for (the page's): the API writes it, ready to show. */
  message: string;
  /** A message per field, for validation errors, in the same language. */
  details: Record<string, string>;
}

/**
 * The API's error body (ErrorBody) from a failed call, for showing beside a form.
 * An answer without the API's shape (a proxy's error page) has no message of its own: with `t`
 * (the page's or the island's, holding `api.somethingWentWrong`) it gets the generic one, else ''.
 */
export async function readApiProblem(error: unknown, t?: Translate): Promise<ApiProblem> {
  if (!isHTTPError(error)) throw error;
  // ky has usually read the body already (error.data); otherwise read it here.
  // Any answer may lack the shape (a proxy's page): every part is read as possibly missing.
  const body = (error.data ?? await readJson(error.response)) as { error?: Partial<ErrorBody['error']> } | undefined;
  return {
    status: error.response.status,
    // An answer without the API's error shape (a proxy's page, say) is a failure on the far side.
    code: body?.error?.code ?? 'internal_error',
    // In an island, a 401 says the supporter is signed out (the API's words are for any client).
    message: (error.response.status === 401 ? signedOutText() : undefined) ?? body?.error?.message ?? (t ? t('api.somethingWentWrong') : ''),
    details: body?.error?.details ?? {},
  };
}

/**
 * The call's answer, or undefined when the API answers with `code` (e.g. `not_found` for a page that
 * shows a 404 of its own); any other failure is thrown on.
 */
export async function unlessProblem<T>(code: ErrorCode, call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if ((await readApiProblem(error)).code === code) return undefined;
    throw error;
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}
