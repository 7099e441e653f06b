import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { auditedItemChange } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { AdminTierSchema, readAdminTiers, writeTierTexts } from './membership.admin.ts';
import { TierTextsSchema } from './membership.texts.ts';

const security = [{ admin: [] }];
const SlugParam = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).openapi({ param: { name: 'slug', in: 'path' }, example: 'supporter' }) });

const listRoute = createRoute({
  method: 'get', path: '/admin/membership-tiers', security, middleware: [allow('settings')] as const,
  summary: "Owner: the membership tiers, in display order, with the club's words for each (English and Spanish)",
  responses: { 200: dataResponse('The tiers', z.array(AdminTierSchema)), ...errorResponses(401, 403) },
});

const updateRoute = createRoute({
  method: 'put', path: '/admin/membership-tiers/{slug}', security, middleware: [allow('settings')] as const,
  summary: "Owner: sets one tier's name, description, perks and price label; its slug, order and whether it is paid stay",
  description: 'A refusal is a 422 naming the field. Supporters see the tier in their language, else English.',
  request: { params: SlugParam, body: jsonBody(TierTextsSchema) },
  responses: { 200: dataResponse('The tiers now', z.array(AdminTierSchema)), ...errorResponses(401, 403, 404, 422) },
});

/** The club's membership tiers, for owners: each change audited with the tier's texts before and after. */
export const membershipAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await readAdminTiers(c.get('db'), c.get('operator').organizationId) }, 200))
  .openapi(updateRoute, async (c) => {
    const { organizationId } = c.get('operator');
    const { slug } = c.req.valid('param');
    const input = c.req.valid('json');
    const data = await auditedItemChange(c, (db) => readAdminTiers(db, organizationId),
      { action: 'membership.update', kind: 'membership', id: slug, idOf: (tier) => tier.slug }, (trx) => writeTierTexts(trx, organizationId, slug, input));
    return c.json({ data }, 200);
  });

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminTier } from './membership.admin.ts';
export type { TierTexts } from './membership.texts.ts';
