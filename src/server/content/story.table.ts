import type { Generated } from 'kysely';

/** Columns the console writes (migration 025); rows the seed writes take their defaults: published, no translation. */
export interface ConsoleColumns {
  /** 1 while saved and not published. */
  draft: Generated<number>;
  /** When an operator archived it: kept, never shown. */
  archived_at: string | null;
  /** `{ "es": { field: text } }`: see src/server/admin/translations.ts. */
  translations: Generated<string>;
  updated_at: string | null;
}

/** A story: chapters shown one after another, listed between `starts_at` and `stops_at`. */
export interface StoryTable {
  id: string;
  organization_id: string;
  /** A title starting with a rank code (`P10 …` to `P1 …`) gates the story to adults of that rank. */
  title: string;
  /** The club's own type: live, sponsored or default (`watched` is per supporter, never stored). */
  type: string;
  /** The rail's round cover: a site path such as `/images/stories/matchday-live-cover.webp`. */
  cover_media_id: string | null;
  /** Points for viewing every chapter, once per supporter. */
  value: number;
  created_at: string;
  starts_at: string;
  stops_at: string;
}

export interface StoryChapterTable {
  id: string;
  story_id: string;
  order_index: number;
  /** The chapter's picture: a site path. */
  media_id: string;
  /** The words on the picture, for screen readers and the page without JavaScript. */
  caption: string;
  /** A sponsor's address (sponsored chapters), shown through the safe-navigation helper. */
  sponsor_url: string | null;
}

/** One row per supporter and chapter viewed; a repeat changes nothing. */
export interface StoryChapterViewTable {
  user_id: string;
  chapter_id: string;
  story_id: string;
  viewed_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface StoryTables {
  stories: StoryTable & ConsoleColumns & {
    /** The rank (P10 … P1) an adult must hold to see it; null: the title's rank code, if any (the demo's). */
    rank_gate: string | null;
  };
  story_chapters: StoryChapterTable & { translations: Generated<string> };
  story_chapter_views: StoryChapterViewTable;
}
