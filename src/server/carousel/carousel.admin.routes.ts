import { clubAdminRoutes } from '../admin/club-admin.routes.ts';
import {
  AdminCarouselCardSchema, CarouselCardInputSchema, CarouselCardUpdateSchema, changeCard, duplicateCard, getAdminCard, insertCard, listAdminCards, markCard,
} from './carousel.admin.ts';

/** /admin/carousel: the club's own reward cards (the built-in demo cards are not among them and stay). */
export const carouselAdminRoutes = clubAdminRoutes({
  kind: 'carousel', collection: 'carousel', noun: 'reward card',
  view: AdminCarouselCardSchema, create: CarouselCardInputSchema, update: CarouselCardUpdateSchema,
  list: listAdminCards, get: getAdminCard, insert: insertCard,
  change: (trx, organizationId, id, input) => changeCard(trx, organizationId, id, input),
  duplicate: (trx, organizationId, source) => duplicateCard(trx, organizationId, source),
  mark: (trx, organizationId, id, what) => markCard(trx, organizationId, id, what),
  idOf: (card) => card.id,
});

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminCarouselCard } from './carousel.admin.ts';
