import { AccountBlockedError } from '../errors.ts';

/**
 * For whatever pays many at once (a pick'em's outcome): a supporter the club has blocked is passed over
 * (null) instead of failing the batch; any other refusal still does. The ledger's refusal reads no SQL
 * error, so a PostgreSQL transaction goes on after it.
 */
export async function unlessBlocked<T>(payment: Promise<T>): Promise<T | null> {
  try {
    return await payment;
  } catch (error) {
    if (error instanceof AccountBlockedError) return null;
    throw error;
  }
}
