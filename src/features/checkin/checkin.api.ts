import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Checkin, CheckinResult } from '~/server/checkin/checkin.schema.ts';

export type { Checkin, CheckinResult };

/** GET /checkin: the streak, and whether today's check-in is still to do. */
export function getCheckinState(api: ApiClient): Promise<Checkin> {
  return dataOf<Checkin>(api.http.get('checkin'));
}

/**
 * POST /checkin: checks in for today, or with a `ticket` kept on a phone with no signal, for the ticket's day;
 * the answer carries the new streak, the points and the standing. A form posted without JavaScript passes its
 * own idempotency key (`headers`), so a double submit of the same page is answered once.
 */
export function checkIn(api: ApiClient, options?: CallOptions & { ticket?: string | undefined }): Promise<CheckinResult> {
  return dataOf<CheckinResult>(api.http.post('checkin', {
    ...(options?.headers ? { headers: options.headers } : {}),
    ...(options?.ticket ? { json: { ticket: options.ticket } } : {}),
  }));
}
