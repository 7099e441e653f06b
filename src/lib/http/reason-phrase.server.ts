import { STATUS_CODES } from 'node:http';

/**
 * The answer with the reason phrase node writes for its status ("Unprocessable Entity" for 422), where it
 * has none (an answer made in process, whose failure would be logged with an empty status text) or keeps
 * Astro's default "OK" on a page that set another status (a re-rendered form would answer `422 OK`).
 */
export function withReasonPhrase(response: Response): Response {
  const { status, statusText } = response;
  const phrase = STATUS_CODES[status];
  if (!phrase || (statusText && !(statusText === 'OK' && status !== 200))) return response;
  return new Response(response.body, { status, statusText: phrase, headers: response.headers });
}
