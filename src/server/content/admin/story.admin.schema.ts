import { z } from '@hono/zod-openapi';
import { pagedSchema } from '../../admin/content-list.ts';
import { translationsSchema } from '../../admin/translations.ts';
import { Count, plainText, WebAddress } from '../../stored/fields.ts';
import { ConsoleStatusFields, InstantInput, SitePathInput } from './console-content.ts';

// A story as the console writes and reads it: the supporters' field names (title, type, coverMediaId,
// value, startsAt, stopsAt, chapters[{mediaId, caption, sponsorUrl}]) plus the rank gate, the Spanish
// texts and where it is in its life. The pieces are the stored rows' own (../content.schemas.ts).

export const STORY_TYPES = ['live', 'sponsored', 'default'] as const;
export const RANK_CODES = ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'] as const;
const MAX_CHAPTERS = 30;

const caption = z.string().trim().min(1).max(2000);
const chapterTranslations = translationsSchema({ caption });

const ChapterInput = z.object({
  id: z.string().min(1).max(64).optional().openapi({ description: "An existing chapter's id keeps it (and who has seen it); none: a new chapter." }),
  mediaId: SitePathInput.openapi({ description: 'The picture: an upload (POST /admin/uploads/images) or a path on this site.' }),
  caption,
  sponsorUrl: WebAddress.nullable().default(null),
  translations: chapterTranslations,
});

/** Create and update (PUT): every field; a story shows between startsAt and stopsAt once published. */
export const StoryInputSchema = z.object({
  title: plainText(200),
  type: z.enum(STORY_TYPES).default('default'),
  rankGate: z.enum(RANK_CODES).nullable().default(null).openapi({ description: 'Only adults of exactly this rank see it; null: everyone.' }),
  coverMediaId: SitePathInput.nullable().default(null),
  value: Count.max(100_000).default(0),
  startsAt: InstantInput,
  stopsAt: InstantInput,
  chapters: z.array(ChapterInput).min(1).max(MAX_CHAPTERS),
  translations: translationsSchema({ title: plainText(200) }),
}).refine((s) => s.stopsAt > s.startsAt, { path: ['stopsAt'], message: 'api.adminMedia.stopsBeforeStart' })
  .openapi('AdminStoryInput');
export type StoryInput = z.output<typeof StoryInputSchema>;

const ChapterSchema = z.object({
  id: z.string(),
  orderIndex: z.number().int(),
  mediaId: z.string(),
  caption: z.string(),
  sponsorUrl: z.string().nullable(),
  translations: z.object({ es: z.object({ caption: z.string().optional() }).optional() }),
});

export const AdminStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(STORY_TYPES),
  rankGate: z.enum(RANK_CODES).nullable(),
  coverMediaId: z.string().nullable(),
  value: z.number().int(),
  startsAt: z.string(),
  stopsAt: z.string(),
  createdAt: z.string(),
  chapters: z.array(ChapterSchema),
  translations: z.object({ es: z.object({ title: z.string().optional() }).optional() }),
  ...ConsoleStatusFields,
}).openapi('AdminStory');
export type AdminStory = z.infer<typeof AdminStorySchema>;

export const AdminStoryPageSchema = pagedSchema(AdminStorySchema).openapi('AdminStoryPage');
export type StoryInputBody = z.input<typeof StoryInputSchema>;
export type AdminStoryPage = z.infer<typeof AdminStoryPageSchema>;
