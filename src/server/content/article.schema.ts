import { z } from '@hono/zod-openapi';
import { StandingSchema } from '../users/standing.schema.ts';

export const ArticleSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  mediaId: z.string().nullable().openapi({ description: 'The cover image, a path on this site.' }),
  value: z.number().int().openapi({ description: 'Points for reading it, once per supporter.' }),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  publishedAt: z.string(),
  minimumReadSeconds: z.number().int().openapi({ description: 'How long after the ticket a read is accepted (200 words a minute, 10 to 60 s).' }),
  read: z.boolean().openapi({ description: 'The caller has been paid for reading it; false for anonymous callers.' }),
}).openapi('ArticleSummary');

export const ArticleSchema = ArticleSummarySchema.extend({
  bodyHtml: z.string().openapi({ description: 'Sanitized when it was written: safe to print as it is.' }),
  readTicket: z.string().nullable().openapi({
    description: 'For a signed-in supporter who has not read it yet: the signed ticket to send as `checksum` once read; else null.',
  }),
}).openapi('Article');

export const ArticleReadResultSchema = z.object({
  article: ArticleSummarySchema,
  pointsAwarded: z.number().int().openapi({ description: "The article's value on the first accepted read, 0 after." }),
  standing: StandingSchema,
}).openapi('ArticleReadResult');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;
export type Article = z.infer<typeof ArticleSchema>;
export type ArticleReadResult = z.infer<typeof ArticleReadResultSchema>;
