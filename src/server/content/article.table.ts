import type { ConsoleColumns } from './story.table.ts';

/** A club news article; `body_html` is sanitized on write. */
export interface ArticleTable {
  id: string;
  organization_id: string;
  slug: string;
  title: string;
  summary: string;
  author: string;
  body_html: string;
  /** Counted on write: sets the minimum reading time before a read pays. */
  word_count: number;
  /** The cover image: a site path such as `/articles/cup-run.svg`. */
  media_id: string | null;
  /** Points for reading it, once per supporter. */
  value: number;
  published_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface ArticleTables {
  articles: ArticleTable & ConsoleColumns & {
    /** What the console wrote; `body_html` is rendered from it. Null for bodies written as HTML (the demo's). */
    body_markdown: string | null;
  };
}
