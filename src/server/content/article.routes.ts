import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { getArticle, listArticles, readArticle } from './article.service.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { ArticleSummarySchema, ArticleSchema, ArticleReadResultSchema } from './article.schema.ts';

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The id or the slug.' }) });
const security = [{ bearer: [] }];

const listRoute = createRoute({
  method: 'get', path: '/content/articles', summary: 'Published articles, newest first', security,
  responses: {
    200: dataResponse('Articles', z.array(ArticleSummarySchema)),
    ...errorResponses(401),
  },
});
const getRoute = createRoute({
  method: 'get', path: '/content/articles/{id}', summary: 'One published article by id or slug, with its read ticket', security,
  request: { params: IdParam },
  responses: {
    200: dataResponse('The article', ArticleSchema),
    ...errorResponses(401, 404),
  },
});
const readRoute = createRoute({
  method: 'post', path: '/content/articles/{id}/read', middleware: [commitsWithItsWrite] as const, summary: 'Records a read and pays its points, once',
  description: 'The `checksum` is the `readTicket` of GET /content/articles/{id}. Refused with 422 `validation_failed` when it '
    + 'was not signed here for this supporter and article, or before `minimumReadSeconds` have passed since it was issued. '
    + 'A repeat pays nothing (`pointsAwarded` 0). The answer carries the new `standing`.',
  security,
  request: {
    params: IdParam,
    body: jsonBody(z.object({ checksum: z.string().min(1).max(200) }).openapi('ArticleRead')),
  },
  responses: {
    200: dataResponse('Read', ArticleReadResultSchema),
    ...errorResponses(401, 404, 422),
  },
});

export const articleRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await listArticles(c.get('db'), { organizationId, userId, locale: requestLocale(c) }) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getArticle(c.get('db'), { organizationId, userId, locale: requestLocale(c) }, c.req.valid('param').id, c.get('deps').secret) }, 200);
  })
  .openapi(readRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    // The read's award, its Idempotency-Key's answer and the page versions: one commit.
    const { id } = c.req.valid('param');
    const { checksum } = c.req.valid('json');
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => readArticle(trx, caller, id, checksum, c.get('deps').secret)));
  });
