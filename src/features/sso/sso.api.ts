import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { DiscourseAnswer, DiscourseQuery, DiscourseRequest } from '~/server/sso/discourse.routes.ts';

export type { DiscourseAnswer, DiscourseQuery, DiscourseRequest };

/** POST /session/discourse/validate: the forum's request is signed, readable, for our forum and unused. */
export function validateDiscourseRequest(api: ApiClient, query: DiscourseQuery): Promise<DiscourseRequest> {
  return dataOf<DiscourseRequest>(api.http.post('session/discourse/validate', { searchParams: { sso: query.sso, sig: query.sig } }));
}

/** POST /session/discourse/sso: the signed return URL for the signed-in supporter (uses the nonce up). */
export function answerDiscourseRequest(api: ApiClient, query: DiscourseQuery): Promise<DiscourseAnswer> {
  return dataOf<DiscourseAnswer>(api.http.post('session/discourse/sso', { searchParams: { sso: query.sso, sig: query.sig } }));
}
