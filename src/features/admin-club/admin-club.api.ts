import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { AdminActivation } from '~/server/activations/activation.admin.routes.ts';
import type { ClubListQuery, ClubPage } from '~/server/admin/club-admin.routes.ts';
import type { AdminCarouselCard } from '~/server/carousel/carousel.admin.routes.ts';
import type { AdminExperience } from '~/server/experiences/experience.admin.routes.ts';
import type { ClubSettings, SettingsInput } from '~/server/organization/settings.admin.routes.ts';
import type { AdminSweepstake } from '~/server/sweepstakes/sweepstake.admin.routes.ts';

// The console's calls for the club's content and settings (/api/admin/carousel, activations, experiences,
// sweepstakes, settings), typed from the admin API's contract. `api` is the console's client.

export type { AdminActivation, AdminCarouselCard, AdminExperience, AdminSweepstake, ClubListQuery, ClubPage, ClubSettings, SettingsInput };

/** The collections of this lane, by the path under /api/admin (and /admin in the console). */
export const CLUB_COLLECTIONS = ['carousel', 'activations', 'experiences', 'sweepstakes'] as const;
export type ClubCollection = (typeof CLUB_COLLECTIONS)[number];
/** An item of any of them (each page knows which it asked for). */
export type ClubItem = AdminCarouselCard | AdminActivation | AdminExperience | AdminSweepstake;

const path = (collection: ClubCollection, ...rest: string[]) => ['admin', collection, ...rest.map(encodeURIComponent)].join('/');
const searchOf = (query: ClubListQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export function listClubItems<T extends ClubItem = ClubItem>(api: ApiClient, collection: ClubCollection, query: ClubListQuery): Promise<ClubPage<T>> {
  return dataOf(api.http.get(path(collection), { searchParams: searchOf(query) }));
}

export function getClubItem<T extends ClubItem = ClubItem>(api: ApiClient, collection: ClubCollection, id: string): Promise<T> {
  return dataOf(api.http.get(path(collection, id)));
}

/** POST: a new item (for sweepstakes the answer is the supporters' shape, with `sweepstakeId`). */
export function createClubItem(api: ApiClient, collection: ClubCollection, body: Record<string, unknown>): Promise<{ id?: string; sweepstakeId?: string }> {
  return dataOf(api.http.post(path(collection), { json: body }));
}

/** PUT: saves an item whole, as the console's other lanes do (its status stays). */
export function saveClubItem(api: ApiClient, collection: ClubCollection, id: string, body: Record<string, unknown>): Promise<ClubItem> {
  return dataOf(api.http.put(path(collection, id), { json: body }));
}

/** duplicate (a new draft), archive, publish. */
export function markClubItem(api: ApiClient, collection: ClubCollection, id: string, what: 'duplicate' | 'archive' | 'publish'): Promise<ClubItem> {
  return dataOf(api.http.post(path(collection, id, what)));
}

/** The owner's draw or cancel of a sweepstake. */
export async function runSweepstake(api: ApiClient, id: string, what: 'draw' | 'cancel'): Promise<void> {
  await api.http.post(path('sweepstakes', id, what));
}

export function getClubSettings(api: ApiClient): Promise<ClubSettings> {
  return dataOf(api.http.get('admin/settings'));
}

export function saveClubSettings(api: ApiClient, body: SettingsInput): Promise<ClubSettings> {
  return dataOf(api.http.patch('admin/settings', { json: body }));
}

export function uploadCrest(api: ApiClient, image: Blob): Promise<ClubSettings> {
  return dataOf(api.http.post('admin/settings/crest', { body: image, headers: { 'Content-Type': image.type } }));
}

/** The activation's QR code (SVG) for its printable poster. */
export async function activationQrSvg(api: ApiClient, slug: string): Promise<string> {
  return (await api.http.get(`admin/activations/${encodeURIComponent(slug)}/qr.svg`)).text();
}
