import { clubAdminRoutes } from '../admin/club-admin.routes.ts';
import { carouselAdmin } from './carousel.admin.ts';

/** /admin/carousel: the club's own reward cards (the built-in demo cards are not among them and stay). */
export const carouselAdminRoutes = clubAdminRoutes(carouselAdmin);

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminCarouselCard } from './carousel.admin.ts';
