import { isHTTPError } from 'ky';

export interface ApiProblem {
  status: number;
  code: string;
  message: string;
  /** A message per field, for validation errors. */
  details: Record<string, string>;
}

/** The API's `{ error: { code, message, details } }` from a failed call, for showing beside a form. */
export async function readApiProblem(error: unknown): Promise<ApiProblem> {
  if (!isHTTPError(error)) throw error;
  // ky has usually read the body already (error.data); otherwise read it here.
  const body = (error.data ?? await readJson(error.response)) as
    | { error?: { code?: string; message?: string; details?: Record<string, string> } }
    | undefined;
  return {
    status: error.response.status,
    code: body?.error?.code ?? 'error',
    message: body?.error?.message ?? 'Something went wrong. Please try again.',
    details: body?.error?.details ?? {},
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}
