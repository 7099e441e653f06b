import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';
import type { User } from '~/lib/session/session.api.ts';

// The API's own shapes (type-only imports: no server code reaches the browser).
import type { ConsentChange, UserConsent } from '~/server/consents/consent.schema.ts';
import type { MediaUpload } from '~/server/media/media.routes.ts';
import type { ProfilePatch } from '~/server/users/profile.schema.ts';

export type { ConsentChange, MediaUpload, ProfilePatch, UserConsent };

/**
 * PATCH /user/me. Spec: a profile update succeeds only on status 201: the updated user then, else
 * undefined. A refusal (422 with a message per field, 403) is thrown.
 */
export async function updateProfile(api: ApiClient, changes: ProfilePatch): Promise<User | undefined> {
  const response = await api.http.patch('user/me', { json: changes });
  return response.status === 201 ? dataOf<User>(response) : undefined;
}

/** POST /user/me/welcome: the onboarding welcome has been seen. */
export function markWelcomed(api: ApiClient): Promise<User> {
  return dataOf<User>(api.http.post('user/me/welcome'));
}

/** GET /consent/user: the organization's consents with the user's answers. */
export function listConsents(api: ApiClient): Promise<UserConsent[]> {
  return dataOf<UserConsent[]>(api.http.get('consent/user'));
}

/** PATCH /consent/user/{id}: gives (1) or withdraws (0) one consent. */
export function setConsent(api: ApiClient, id: string, change: ConsentChange, options: CallOptions = {}): Promise<UserConsent> {
  return dataOf<UserConsent>(api.http.patch(`consent/user/${encodeURIComponent(id)}`, { json: change, headers: options.headers ?? {} }));
}

/** POST /media: the image's bytes as the body; a large photo on a slow line gets a minute. */
export function uploadMedia(api: ApiClient, file: Blob, options: CallOptions = {}): Promise<MediaUpload> {
  return dataOf<MediaUpload>(api.http.post('media', {
    body: file, headers: { ...options.headers, 'Content-Type': file.type }, timeout: 60_000,
  }));
}

/** POST /media/set-avatar: makes an upload the user's avatar; answers the user with the new avatarUrl. */
export function setAvatar(api: ApiClient, name: string): Promise<User> {
  return dataOf<User>(api.http.post('media/set-avatar', { json: { name } }));
}
