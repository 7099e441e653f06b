import { z } from 'zod';
import { Count, plainText, SitePathSchema, Slug, StoredInstant } from '../stored/fields.ts';

/** An activation as stored: the seed checks it before writing, the repository leaves out a row that fails it. */
export const ActivationRowSchema = z.object({
  id: z.string().min(1),
  slug: Slug,
  title: plainText(200),
  description: z.string().max(2000),
  badge_name: plainText(100),
  badge_image: SitePathSchema,
  points: Count,
  starts_at: StoredInstant,
  stops_at: StoredInstant,
});
