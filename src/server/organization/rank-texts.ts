import { z } from '@hono/zod-openapi';
import { localized, translationsSchema } from '../admin/translations.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import { CONTROL } from '../stored/fields.ts';
import { log } from '../log.ts';

// A rank's own words, set by the club in the console (/api/admin/ranks): its name and what reaching it brings,
// in English on the row and Spanish in `translations`. One schema, used where they are written and read.

export const RANK_TITLE_MAX = 40;
export const RANK_PERK_MAX = 140;

/** Blank is allowed (the rank shows by its code alone); anything written is trimmed, bounded, printable. */
const text = (max: number) => z.string().trim().max(max).refine((t) => !CONTROL.test(t), 'control characters');

export const RankTextsSchema = z.object({
  title: text(RANK_TITLE_MAX).openapi({ example: 'Terrace Voice', description: "The club's name for the rank; blank: shown by its code alone." }),
  perk: text(RANK_PERK_MAX).openapi({ example: 'Stories from the dressing room.', description: 'What reaching the rank brings, one short sentence.' }),
  translations: translationsSchema({ title: text(RANK_TITLE_MAX), perk: text(RANK_PERK_MAX) }),
}).openapi('RankTexts');
export type RankTexts = z.infer<typeof RankTextsSchema>;

/** A ranks row's texts, as stored. */
export interface StoredRankTexts {
  name: string;
  title?: string | null | undefined;
  perk?: string | null | undefined;
  translations?: string | null | undefined;
}

/**
 * Made once: zod compiles a schema's parser on its first use, and `.pick()` makes a new schema, so picking
 * on each call compiled it again every time (rankFor reads two ranks on every award's answer).
 */
const StoredTextsSchema = RankTextsSchema.pick({ title: true, perk: true });

/**
 * The rank's name and perk in `locale` (the English ones where no Spanish was written), read through the
 * schema they were written with: a row that fails (written around the console) shows by its code alone.
 */
export function rankTextsIn(row: StoredRankTexts, locale: Locale): { title: string | null; perk: string | null } {
  const read = StoredTextsSchema.safeParse({ title: row.title ?? '', perk: row.perk ?? '' });
  if (!read.success) {
    log.warn({ rank: row.name }, 'rank texts that fail their schema left out');
    return { title: null, perk: null };
  }
  const texts = localized(read.data, row.translations, locale);
  const clean = (value: unknown, max: number) => (typeof value === 'string' && value.trim() && value.length <= max && !CONTROL.test(value) ? value.trim() : null);
  return { title: clean(texts.title, RANK_TITLE_MAX), perk: clean(texts.perk, RANK_PERK_MAX) };
}
