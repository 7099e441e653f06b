import type { Db } from '../db/connection.ts';
import type { MediaStore } from '../media/media.store.ts';
import { clearProfile, deletePersonalRows, findProfile, isUploaded, takeUploads } from './privacy.repository.ts';

/** The address an erased supporter's row keeps: unique, not anyone's, and never sent to (.invalid). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * Erases one supporter's personal data, in the caller's transaction: the profile's personal fields are
 * removed (the address replaced), every session ends, their consents, sign-in accounts, codes, free-text
 * answers and uploads go. What the club must keep to stay verifiable stays, anonymous: the ledger's rows
 * (balances sum), sweepstake entries and winners by their opaque holder (without the name shown at the
 * draw), badges and answers without text. Answers the uploaded files to delete once committed.
 */
export async function eraseSupporter(trx: Db, userId: string, now: Date): Promise<{ files: string[] } | undefined> {
  const user = await findProfile(trx, userId);
  if (!user) return undefined;
  if (user.erased_at) return { files: [] };
  const at = now.toISOString();
  await clearProfile(trx, userId, erasedEmail(userId), at);
  await deletePersonalRows(trx, user, at);
  // Files are named by their content: one another supporter uploaded too stays.
  const files: string[] = [];
  for (const name of await takeUploads(trx, userId)) if (!await isUploaded(trx, name)) files.push(name);
  return { files };
}

/** Deletes erased uploads from the media store (after the erasure committed; a missing file is fine). */
export async function removeErasedFiles(media: MediaStore, files: string[]): Promise<void> {
  await Promise.all(files.map((name) => media.remove(name)));
}
