import { z } from 'zod';
import { Count, plainText, SitePathSchema, Slug, StoredInstant, WebAddress } from '../stored/fields.ts';

/** A stored clip's name: its content hash and its container. */
export const VIDEO_FILE_NAME = /^[a-f0-9]{64}\.(mp4|webm)$/;

// The stored shape of the club's stories, videos and articles: the seed checks each row before it is
// written, and the repositories leave out a row that fails when they read it (../stored/stored.ts).
// Only the columns a read selects are required: a list reads fewer than a detail.

/** A story row joined with one of its chapters (./story.repository.ts reads one row per chapter). */
export const StoryChapterRowSchema = z.object({
  id: z.string().min(1),
  title: plainText(200),
  type: z.string().max(40),
  cover_media_id: SitePathSchema.nullable(),
  value: Count,
  starts_at: StoredInstant,
  stops_at: StoredInstant,
  chapter_id: z.string().min(1),
  order_index: Count,
  media_id: SitePathSchema,
  caption: z.string().max(2000),
  sponsor_url: WebAddress.nullable(),
});

/** A story and its chapters as the seed writes them. */
export const StoryRowSchema = StoryChapterRowSchema.pick({ id: true, title: true, type: true, cover_media_id: true, value: true, starts_at: true, stops_at: true });
export const StoryChapterSchema = StoryChapterRowSchema.pick({ order_index: true, media_id: true, caption: true, sponsor_url: true })
  .extend({ id: z.string().min(1), story_id: z.string().min(1) });

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export const VideoRowSchema = z.object({
  id: z.string().min(1),
  slug: Slug,
  name: plainText(200),
  description: z.string().max(5000),
  source_type: z.enum(['file', 'youtube']),
  source: z.string(),
  thumbnail_src: SitePathSchema,
  duration_seconds: Count.min(1),
  value: Count,
  published_at: StoredInstant,
  /** The club's own watch threshold (migration 025); absent or null: the rule's. */
  watch_seconds: Count.min(1).nullable().optional(),
}).refine((v) => (v.source_type === 'file' ? VIDEO_FILE_NAME : YOUTUBE_ID).test(v.source), { path: ['source'], message: 'not a source of its type' });

export const ArticleRowSchema = z.object({
  id: z.string().min(1),
  slug: Slug,
  title: plainText(200),
  summary: z.string().max(1000),
  author: z.string().max(200),
  body_html: z.string().max(200_000).optional(),
  word_count: Count,
  media_id: SitePathSchema.nullable(),
  value: Count,
  published_at: StoredInstant,
});
