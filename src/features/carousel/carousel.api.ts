import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { CarouselCard, CarouselDismissed } from '~/server/carousel/carousel.schema.ts';

export type { CarouselCard, CarouselDismissed };

/** GET /carousel: the supporter's reward cards (dismissed and, for under-18s, gated ones already left out). */
export function listCarousel(api: ApiClient): Promise<CarouselCard[]> {
  return dataOf<CarouselCard[]>(api.http.get('carousel'));
}

/**
 * DELETE /carousel/{id}: hides the card for this supporter for good (idempotent). A form posted
 * without JavaScript passes its own idempotency key (`headers`).
 */
export function dismissCarouselCard(api: ApiClient, id: string, options?: CallOptions): Promise<CarouselDismissed> {
  return dataOf<CarouselDismissed>(api.http.delete(`carousel/${encodeURIComponent(id)}`, options?.headers ? { headers: options.headers } : {}));
}
