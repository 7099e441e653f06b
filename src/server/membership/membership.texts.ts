import { z } from '@hono/zod-openapi';
import { localized, translationsSchema } from '../admin/translations.ts';
import { log } from '../log.ts';
import { CONTROL } from '../stored/fields.ts';
import type { Locale } from '../../shared/i18n/locales.ts';

// A membership tier's own words, set by the club in the console (/api/admin/membership-tiers): its name, what it is,
// its perks and its price as shown ("Free", "£4.99 a month"), in English on the row and Spanish in `translations`.
// One schema, used where they are written and where they are read. The slug, the order and whether a tier is paid
// are what supporters' memberships hang on: they stay.

export const TIER_NAME_MAX = 40;
export const TIER_DESCRIPTION_MAX = 200;
export const TIER_PERK_MAX = 80;
export const TIER_PERKS_MAX = 8;
export const TIER_PRICE_MAX = 40;

/** Trimmed, bounded, printable; blank allowed (a translation left blank is "not written"). */
const text = (max: number) => z.string().trim().max(max).refine((t) => !CONTROL.test(t), 'control characters');
const perks = z.array(text(TIER_PERK_MAX).min(1)).max(TIER_PERKS_MAX);

export const TierTextsSchema = z.object({
  name: text(TIER_NAME_MAX).min(1).openapi({ example: 'Supporter' }),
  description: text(TIER_DESCRIPTION_MAX).openapi({ example: 'For regulars on the terrace: still free, with a little more.' }),
  perks: perks.openapi({ example: ['Match-day polls and pick\'ems first'], description: `Up to ${TIER_PERKS_MAX}, each one line.` }),
  priceLabel: text(TIER_PRICE_MAX).min(1).openapi({ example: 'Free', description: 'Shown as written: no payment is taken.' }),
  translations: translationsSchema({ name: text(TIER_NAME_MAX), description: text(TIER_DESCRIPTION_MAX), perks, priceLabel: text(TIER_PRICE_MAX) }),
}).openapi('MembershipTierTexts');
export type TierTexts = z.infer<typeof TierTextsSchema>;

/** A membership_tiers row's texts, as stored (`perks` a JSON list). */
export interface StoredTierTexts {
  slug: string;
  name: string;
  description: string;
  perks: string;
  price_label: string;
  translations?: string | null | undefined;
}

const ShownSchema = TierTextsSchema.omit({ translations: true });
type Shown = z.infer<typeof ShownSchema>;

function listOf(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return [];
  }
}

/** The row's English texts as stored; a value that fails its schema (written around the console) is logged and shown as stored where it can be. */
function englishOf(row: StoredTierTexts): Shown {
  const stored = { name: row.name, description: row.description, perks: listOf(row.perks), priceLabel: row.price_label };
  const read = ShownSchema.safeParse(stored);
  if (read.success) return read.data;
  log.warn({ tier: row.slug }, 'membership tier texts that fail their schema shown as stored');
  const list = Array.isArray(stored.perks) ? stored.perks.filter((p): p is string => typeof p === 'string') : [];
  return { name: row.name || row.slug, description: row.description, perks: list, priceLabel: row.price_label };
}

/** The tier's texts in `locale`: the club's Spanish where written and valid, else the English. */
export function tierTextsIn(row: StoredTierTexts, locale: Locale): Shown {
  const english = englishOf(row);
  const texts = localized(english, row.translations, locale);
  if (texts === english) return english;
  const read = ShownSchema.safeParse(texts);
  if (read.success) return read.data;
  log.warn({ tier: row.slug, locale }, 'membership tier translation that fails its schema left out');
  return english;
}
