import { z } from '@hono/zod-openapi';
import { pagedSchema } from '../../admin/content-list.ts';
import { translationsSchema } from '../../admin/translations.ts';
import { Count, plainText } from '../../stored/fields.ts';
import { ConsoleStatusFields, InstantInput, SitePathInput, SlugInput } from './console-content.ts';

// An article as the console writes and reads it: the supporters' names (slug, title, summary, author,
// mediaId, value, publishedAt) plus the Markdown its body is rendered from (`bodyMarkdown`; `bodyHtml` is
// what supporters get, rendered and sanitized on save), the Spanish texts and its status.

// Both languages' bodies fit the API's 64 KiB JSON body (src/shared/limits.ts): a long read is 3,000 words.
const MAX_MARKDOWN = 20_000;
const markdown = z.string().trim().min(1).max(MAX_MARKDOWN);
const summary = z.string().trim().max(300);

export const ArticleInputSchema = z.object({
  slug: SlugInput.optional().openapi({ description: 'The page address /media/articles/{slug}; left out: made of the title.' }),
  title: plainText(200),
  summary: summary.default('').openapi({ description: 'The search description: under the title, and in search results and link previews.' }),
  author: z.string().trim().max(200).default(''),
  bodyMarkdown: markdown.openapi({ description: 'The body in Markdown. Pictures only from this site; scripts, styles and other HTML are dropped.' }),
  mediaId: SitePathInput.nullable().default(null).openapi({ description: 'The cover picture: an upload (POST /admin/uploads/images) or a path on this site.' }),
  value: Count.max(100_000).default(0),
  publishedAt: InstantInput.openapi({ description: 'Supporters see it from this moment (once published).' }),
  translations: translationsSchema({ title: plainText(200), summary, bodyMarkdown: markdown }),
}).openapi('AdminArticleInput');
export type ArticleInput = z.output<typeof ArticleInputSchema>;

export const AdminArticleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  bodyMarkdown: z.string().openapi({ description: 'What the editor wrote (an HTML body written before the console, as it is).' }),
  bodyHtml: z.string().openapi({ description: 'What supporters read, rendered and sanitized.' }),
  mediaId: z.string().nullable(),
  value: z.number().int(),
  publishedAt: z.string(),
  translations: z.object({ es: z.object({ title: z.string().optional(), summary: z.string().optional(), bodyMarkdown: z.string().optional() }).optional() }),
  ...ConsoleStatusFields,
}).openapi('AdminArticle');
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

export const AdminArticlePageSchema = pagedSchema(AdminArticleSchema).openapi('AdminArticlePage');

export const MarkdownPreviewSchema = z.object({ markdown: z.string().max(MAX_MARKDOWN) }).openapi('MarkdownPreview');
export type ArticleInputBody = z.input<typeof ArticleInputSchema>;
export type AdminArticlePage = z.infer<typeof AdminArticlePageSchema>;
