import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Experience, ExperienceRequestResult } from '~/server/experiences/experience.schema.ts';

export type { Experience, ExperienceRequestResult };

/** GET /experiences: the club's experiences in display order, each with the caller's `state`. */
export function listExperiences(api: ApiClient): Promise<Experience[]> {
  return dataOf<Experience[]>(api.http.get('experiences'));
}

/**
 * POST /experiences/{id}/request: asks for a place, once (`alreadyRequested` on a repeat). The request
 * form passes its own idempotency key (`headers`).
 */
export function requestExperience(api: ApiClient, id: string, options?: CallOptions): Promise<ExperienceRequestResult> {
  return dataOf<ExperienceRequestResult>(api.http.post(`experiences/${encodeURIComponent(id)}/request`, {
    ...(options?.headers ? { headers: options.headers } : {}),
  }));
}
