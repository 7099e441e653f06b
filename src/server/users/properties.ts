import { z } from 'zod';
import { Slug } from '../stored/fields.ts';

/**
 * A supporter's `properties`: a fixed set of keys, each bounded. What the product uses is `membership` (the
 * tier chosen through /api/membership, stored) and `birthdayBonusPoints` (the bonus this year, worked out on
 * each read, never stored). Both are the club's to set: a supporter's PATCH may carry no other key, so the
 * column cannot grow (280 patches of 4,000 characters each once made a 1.09 MB user every page loaded).
 */
export const DEFAULT_MEMBERSHIP = 'entry';

/** What the column holds; unknown keys (left by older versions) are dropped when read. */
const StoredPropertiesSchema = z.object({ membership: Slug.optional() });
export type StoredProperties = z.infer<typeof StoredPropertiesSchema>;

/** The keys a supporter may set in PATCH /user/me: none of the product's keys is theirs. Add a key here with its bounds. */
export const SUPPORTER_PROPERTIES = {} satisfies Record<string, z.ZodType>;

/** The stored text read through its schema: text that is not a JSON object of the known keys reads as none. */
export function parseProperties(json: string): StoredProperties {
  try {
    return StoredPropertiesSchema.safeParse(JSON.parse(json)).data ?? {};
  } catch {
    return {};
  }
}

/** The membership tier slug, `entry` until one is chosen (spec: entry is the default). */
export function currentMembership(properties: StoredProperties): string {
  return properties.membership ?? DEFAULT_MEMBERSHIP;
}

/** `properties` as GET /user/me sends it: both keys always present (spec S-073). */
export function answeredProperties(stored: StoredProperties, birthdayBonusPoints: number) {
  return { membership: currentMembership(stored), birthdayBonusPoints };
}
