import { z } from '@hono/zod-openapi';
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

export const ExperienceSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable().openapi({ description: 'A picture, a path on this site.' }),
  tiers: z.array(z.object({ slug: z.string(), name: z.string() })).openapi({
    description: 'The membership tiers that unlock it, in the tiers\' display order.',
  }),
  adultsOnly: z.boolean().openapi({ description: 'Under-18 supporters are refused.' }),
  places: z.number().int(),
  placesLeft: z.number().int(),
  unlocked: z.boolean().openapi({ description: "The caller's membership tier unlocks it; false for anonymous callers." }),
  requestedAt: z.string().nullable().openapi({ description: 'When the caller asked for a place; null when not.' }),
  state: z.enum(['available', 'requested', 'sold_out', 'adults_only', 'locked', 'sign_in']).openapi({
    description: 'What the caller can do, decided by the server: ask (`available`), nothing more (`requested`), nothing '
      + '(`sold_out`; `adults_only` for an under-18 supporter; `locked` by the membership tier); `sign_in` for anonymous callers.',
  }),
}).openapi('Experience');

export const RequestResultSchema = z.object({
  experience: ExperienceSchema,
  alreadyRequested: z.boolean().openapi({ description: 'The supporter had asked before: nothing new was recorded and no place taken.' }),
}).openapi('ExperienceRequestResult');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Experience = z.infer<typeof ExperienceSchema>;
export type ExperienceRequestResult = z.infer<typeof RequestResultSchema>;
