import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';

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
  const user = await trx.selectFrom('users').select(['email', 'organization_id', 'erased_at']).where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  if (user.erased_at) return { files: [] };
  const at = now.toISOString();
  await trx.updateTable('users').set({
    email: erasedEmail(userId), username: null, first_name: null, last_name: null, phone_number: null, zip_code: null,
    birthday: null, birthday_set_at: null, properties: '{}', avatar_url: null, erased_at: at, updated_at: at,
  }).where('id', '=', userId).execute();
  await trx.updateTable('sessions').set({ ended_at: at }).where('user_id', '=', userId).where('ended_at', 'is', null).execute();
  await trx.deleteFrom('login_codes').where('organization_id', '=', user.organization_id).where('email', '=', user.email).execute();
  await trx.deleteFrom('user_consent_events').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_consents').where('user_id', '=', userId).execute();
  await trx.deleteFrom('provider_accounts').where('user_id', '=', userId).execute();
  await trx.updateTable('challenge_responses').set({ response_text: null }).where('user_id', '=', userId).execute();
  await trx.updateTable('sweepstake_winners').set({ display_name: null }).where('user_id', '=', userId).execute();
  const uploads = await trx.selectFrom('media_uploads').select('name').where('user_id', '=', userId).execute();
  await trx.deleteFrom('media_uploads').where('user_id', '=', userId).execute();
  // Files are named by their content: one another supporter uploaded too stays.
  const files: string[] = [];
  for (const { name } of uploads) {
    if (!await trx.selectFrom('media_uploads').select('name').where('name', '=', name).executeTakeFirst()) files.push(name);
  }
  return { files };
}

/** Deletes erased uploads from the media folder (after the erasure committed; a missing file is fine). */
export async function removeErasedFiles(mediaDir: string, files: string[]): Promise<void> {
  await Promise.all(files.map((name) => rm(join(mediaDir, name), { force: true })));
}
