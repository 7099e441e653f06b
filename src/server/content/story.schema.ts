import { z } from '@hono/zod-openapi';
import { StandingSchema } from '../users/standing.schema.ts';

export const StoryChapterSchema = z.object({
  id: z.string(),
  orderIndex: z.number().int(),
  mediaId: z.string().openapi({ description: "The chapter's picture, a path on this site." }),
  caption: z.string().openapi({ description: 'The words on the picture, for screen readers and pages without JavaScript.' }),
  sponsorUrl: z.string().nullable().openapi({ description: "A sponsor's address, shown as a link on sponsored chapters." }),
}).openapi('StoryChapter');

export const StorySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['live', 'watched', 'sponsored', 'default']).openapi({
    description: "The story's group: `watched` once the caller has viewed every chapter, else the club's type (live, sponsored or default, i.e. unwatched).",
  }),
  coverMediaId: z.string().nullable().openapi({ description: 'The round cover, a path on this site.' }),
  value: z.number().int().openapi({ description: 'Points for viewing every chapter, once per supporter.' }),
  createdAt: z.string(),
  startsAt: z.string(),
  stopsAt: z.string(),
  viewed: z.boolean().openapi({ description: 'The caller has viewed every chapter; false for anonymous callers.' }),
  shareable: z.boolean().openapi({ description: "False for rank stories and for 'Save to Home'." }),
  chapters: z.array(StoryChapterSchema),
}).openapi('Story');

export const StoryCoverSchema = z.object({
  id: z.string(),
  title: z.string(),
  coverMediaId: z.string().nullable().openapi({ description: 'The round cover, a path on this site.' }),
  rank: z.string().nullable().openapi({ description: 'The rank the story is for (its code, P10 to P1); null when it is for every supporter.' }),
  chapterCount: z.number().int(),
}).openapi('StoryCover');

export const ChapterViewResultSchema = z.object({
  storyId: z.string(),
  chapterId: z.string(),
  completed: z.boolean().openapi({ description: 'Every chapter of the story has now been viewed by the caller.' }),
  pointsAwarded: z.number().int().openapi({ description: "The story's value when this view completed it for the first time; else 0." }),
  standing: StandingSchema.nullable().openapi({ description: 'The balances and rank after the award, when this view paid; else null.' }),
}).openapi('StoryChapterView');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Story = z.infer<typeof StorySchema>;
export type StoryChapter = z.infer<typeof StoryChapterSchema>;
export type StoryCover = z.infer<typeof StoryCoverSchema>;
export type StoryChapterView = z.infer<typeof ChapterViewResultSchema>;
