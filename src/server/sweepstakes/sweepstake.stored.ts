import { z } from 'zod';
import { LOCALES } from '../../shared/i18n/locales.ts';
import { Count, plainText, Slug, StoredInstant } from '../stored/fields.ts';
import { jsonColumn } from '../stored/stored.ts';

const Hex64 = z.string().regex(/^[a-f0-9]{64}$/);

/** `rules_media`: the rules PDFs in the media store, by language. */
const RulesMediaColumn = jsonColumn(z.partialRecord(z.enum(LOCALES), z.string().regex(/^[a-f0-9]{64}\.pdf$/)));

/**
 * A sweepstake as stored: checked before it is written (the operator's endpoint, the seed) and when it is
 * read (a row that fails is left out of the list and answers 404 as a detail).
 */
export const SweepstakeRowSchema = z.object({
  id: z.string().min(1),
  slug: Slug,
  title: plainText(200),
  description: z.string().max(5000),
  prize: plainText(300),
  prize_value: Count,
  currency: z.string().regex(/^[A-Z]{3}$/),
  sponsor: plainText(200),
  media_id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$|^[a-f0-9]{64}\.webp$/).nullable(),
  cost_per_entry: Count.min(1),
  max_entries_per_supporter: Count.min(1),
  winner_count: Count.min(1),
  starts_at: StoredInstant,
  ends_at: StoredInstant,
  seed: Hex64,
  commitment: Hex64,
  ticket_count: Count,
  rules_media: RulesMediaColumn,
  rules: z.string().max(20_000).optional(),
}).refine((s) => s.ends_at > s.starts_at, { path: ['ends_at'], message: 'ends before it starts' });
