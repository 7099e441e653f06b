import { ADMIN_CLIP_LIMIT, ADMIN_CLIP_TYPES } from '~/shared/limits.ts';

// A video form's clip field: what it takes (the API's own limits), said to the browser by the input's
// `accept` and checked again by the save before a copy is sent on.

export const CLIP_ACCEPT = ADMIN_CLIP_TYPES.join(',');

/** Why a chosen clip is refused (the field's label goes before it), or undefined when it may be sent. */
export function clipRefusal(clip: Blob, t: App.Locals['t']): string | undefined {
  if (!(ADMIN_CLIP_TYPES as readonly string[]).includes(clip.type)) return t('api.adminMedia.notAClip');
  if (clip.size > ADMIN_CLIP_LIMIT) return t('adminMedia.clipTooLarge');
  return undefined;
}
