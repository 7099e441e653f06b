import { createRoute, z } from '@hono/zod-openapi';
import { writerOf } from '../../audit/audit.ts';
import { allow } from '../../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody } from '../../openapi.ts';
import { renderArticleMarkdown } from '../article.sanitize.ts';
import { AdminArticlePageSchema, AdminArticleSchema, ArticleInputSchema, MarkdownPreviewSchema } from './article.admin.schema.ts';
import {
  createAdminArticle, duplicateAdminArticle, getAdminArticle, listAdminArticles, setAdminArticleState, updateAdminArticle,
} from './article.admin.service.ts';
import { ArticleSchema } from '../article.schema.ts';
import { previewArticle } from '../article.service.ts';
import { findArticleRow } from './media-rows.repository.ts';
import { consoleContentRoutes } from './console-content.routes.ts';

const previewRoute = createRoute({
  method: 'post', path: '/admin/articles/preview', middleware: [allow('content')] as const, security: [{ admin: [] }],
  summary: 'Editor: Markdown rendered as an article body is saved (the live preview); stores nothing',
  request: { body: jsonBody(MarkdownPreviewSchema) },
  responses: { 200: dataResponse('The body as supporters would get it', z.object({ bodyHtml: z.string() })), ...errorResponses(401, 403, 422) },
});

/** /admin/articles: the console's articles, written in Markdown. */
export const articleAdminRoutes = consoleContentRoutes({
  kind: 'article', collection: 'articles', noun: 'an article', item: AdminArticleSchema, page: AdminArticlePageSchema, input: ArticleInputSchema,
  list: (db, org, query) => listAdminArticles(db, org, query),
  get: (db, org, id) => getAdminArticle(db, org, id),
  create: (trx, org, input, { now }) => createAdminArticle(trx, org, input, now),
  update: (trx, org, id, input, { now }) => updateAdminArticle(trx, org, id, input, now),
  duplicate: (trx, org, id, { now }) => duplicateAdminArticle(trx, org, id, now),
  setState: (trx, org, id, state) => setAdminArticleState(trx, org, id, state),
  preview: { schema: ArticleSchema, read: async (db, org, id, locale) => { const row = await findArticleRow(db, org, id); return row && previewArticle(row, locale); } },
});
articleAdminRoutes.openapi(previewRoute, (c) => {
  writerOf(c).unchanged?.();
  return c.json({ data: { bodyHtml: renderArticleMarkdown(c.req.valid('json').markdown) } }, 200);
});
