import { z } from 'zod';
import { Count, Flag, plainText, SitePathSchema, Slug } from '../stored/fields.ts';
import { jsonColumn } from '../stored/stored.ts';

/** `tiers`: a JSON list of the membership tier slugs that unlock an experience. */
export const TiersColumn = jsonColumn(z.array(Slug).max(20));

/** An experience as stored: the seed checks it before writing, the repository leaves out a row that fails it. */
export const ExperienceRowSchema = z.object({
  id: z.string().min(1),
  slug: Slug,
  title: plainText(200),
  description: z.string().max(5000),
  image: SitePathSchema.nullable(),
  tiers: TiersColumn,
  adults_only: Flag.optional(),
  places: Count,
  places_taken: Count.optional(),
  position: z.coerce.number().int(),
}).refine((e) => e.places_taken === undefined || e.places_taken <= e.places, { path: ['places_taken'], message: 'more than the places' });
