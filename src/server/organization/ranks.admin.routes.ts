import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { auditedItemChange } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { RankTextsSchema } from './rank-texts.ts';
import { AdminRankSchema, readAdminRanks, writeRankTexts } from './ranks.admin.ts';

const security = [{ admin: [] }];
const NameParam = z.object({ name: z.string().regex(/^P(?:10|[1-9])$/).openapi({ param: { name: 'name', in: 'path' }, example: 'P9' }) });

const listRoute = createRoute({
  method: 'get', path: '/admin/ranks', security, middleware: [allow('settings')] as const,
  summary: "Owner: the ranks, P10 up to P1, with the club's name for each and what it brings (English and Spanish)",
  responses: { 200: dataResponse('The ranks', z.array(AdminRankSchema)), ...errorResponses(401, 403) },
});

const updateRoute = createRoute({
  method: 'put', path: '/admin/ranks/{name}', security, middleware: [allow('settings')] as const,
  summary: "Owner: sets one rank's name and perk (blank: the rank shows by its code alone); codes and thresholds stay",
  description: 'A refusal is a 422 naming the field. Supporters see the rank in their language, else English.',
  request: { params: NameParam, body: jsonBody(RankTextsSchema) },
  responses: { 200: dataResponse('The ranks now', z.array(AdminRankSchema)), ...errorResponses(401, 403, 404, 422) },
});

/** The club's ranks, for owners: each change audited with the rank's texts before and after. */
export const ranksAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await readAdminRanks(c.get('db'), c.get('operator').organizationId) }, 200))
  .openapi(updateRoute, async (c) => {
    const { organizationId } = c.get('operator');
    const { name } = c.req.valid('param');
    const input = c.req.valid('json');
    const data = await auditedItemChange(c, (db) => readAdminRanks(db, organizationId),
      { action: 'rank.update', kind: 'rank', id: name, idOf: (rank) => rank.name }, (trx) => writeRankTexts(trx, organizationId, name, input));
    return c.json({ data }, 200);
  });

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminRank } from './ranks.admin.ts';
export type { RankTexts } from './rank-texts.ts';
