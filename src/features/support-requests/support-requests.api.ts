import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';
// The API's own shapes (type-only imports: no server code reaches the browser).
import type { MySupportRequests, SentSupportRequest } from '~/server/requests/support-request.routes.ts';
import type { NewSupportRequest } from '~/server/requests/support-request.schema.ts';

export type { MySupportRequests, NewSupportRequest, SentSupportRequest };
export type SupportTopic = NewSupportRequest['topic'];
export const SUPPORT_TOPICS: readonly SupportTopic[] = ['birthday', 'points', 'other'];

/** POST /user/me/requests: the request, with the reference to quote. */
export function sendSupportRequest(api: ApiClient, request: NewSupportRequest, options: CallOptions = {}): Promise<SentSupportRequest> {
  return dataOf<SentSupportRequest>(api.http.post('user/me/requests', { json: request, headers: options.headers ?? {} }));
}

/** GET /user/me/requests: the supporter's requests, newest first, with the club's answers. */
export function listMySupportRequests(api: ApiClient): Promise<MySupportRequests> {
  return dataOf<MySupportRequests>(api.http.get('user/me/requests'));
}
