import { z } from '@hono/zod-openapi';
import { translationsSchema } from '../admin/translations.ts';
import { plainText, SitePathSchema } from '../stored/fields.ts';
import { MILESTONES } from './badge.defaults.ts';

export const BADGE_NAME_MAX = 40;

/** A milestone badge's name and picture as the club writes them; read back through the same schema. */
export const BadgeTextsSchema = z.object({
  name: plainText(BADGE_NAME_MAX),
  /**
   * A path on this site, e.g. /images/badges/first-checkin.svg; POST …/image uploads one. Checked as a refinement,
   * so the OpenAPI document carries no lookahead pattern (clients and the fuzz read it).
   */
  image: z.string().trim().refine((path) => SitePathSchema.safeParse(path).success, 'not a path on this site'),
  translations: translationsSchema({ name: plainText(BADGE_NAME_MAX) }),
}).openapi('BadgeTexts');
export type BadgeTexts = z.infer<typeof BadgeTextsSchema>;

export const MilestoneSchema = z.enum(MILESTONES).openapi({ example: 'first-checkin' });

export const AdminBadgeSchema = BadgeTextsSchema.extend({
  milestone: MilestoneSchema,
  custom: z.boolean().openapi({ description: 'The club set its own (false: the built-in name and picture).' }),
}).openapi('AdminBadge');
export type AdminBadge = z.infer<typeof AdminBadgeSchema>;

/** A milestone badge as a supporter sees it: in their language, earned (with when) or still to earn. */
export const MilestoneBadgeSchema = z.object({
  milestone: MilestoneSchema,
  name: z.string(),
  image: z.string(),
  earnedAt: z.string().nullable().openapi({ description: 'UTC ISO 8601; null: still to earn.' }),
}).openapi('MilestoneBadge');
export type MilestoneBadge = z.infer<typeof MilestoneBadgeSchema>;
