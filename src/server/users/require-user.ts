import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { findUserById } from './user.repository.ts';


/** The user row, or the one 401 that sends a supporter whose account is gone back to sign in. */
export async function requireUser(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError('unauthorized', 'api.auth.accountGone');
  return user;
}
