import type { MessageKey } from '~/shared/i18n/translate.ts';

/** The API's limit (POST /api/media): refused here first, so nobody waits for a doomed upload. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a chosen photo cannot be sent (a message key), or undefined when it can. */
export function photoProblem(file: Pick<File, 'type' | 'size'> | undefined): MessageKey | undefined {
  if (!file) return 'profile.photo.missing';
  if (!AVATAR_TYPES.includes(file.type)) return 'profile.photo.wrongType';
  if (file.size > MAX_AVATAR_BYTES) return 'profile.photo.tooLarge';
  return undefined;
}

/** Initials for a supporter without a photo: first and last name, else the e-mail's first letter. */
export function initialsOf(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const names = [user.firstName, user.lastName].map((name) => name?.trim()).filter(Boolean) as string[];
  const letters = names.length > 0 ? names.map((name) => [...name][0]!) : [[...user.email.trim()][0] ?? '?'];
  return letters.join('').toLocaleUpperCase();
}
