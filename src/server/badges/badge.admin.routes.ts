import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit, auditedItemChange } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { mediaUrl, readUpload, storeCrestImage } from '../media/media.service.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { AdminBadgeSchema, BadgeTextsSchema, MilestoneSchema } from './badge.schema.ts';
import { readAdminBadges, writeBadge } from './badge.service.ts';

const security = [{ admin: [] }];
const binary = { schema: z.string().openapi({ type: 'string', format: 'binary' }) };
const MilestoneParam = z.object({ milestone: MilestoneSchema.openapi({ param: { name: 'milestone', in: 'path' } }) });

const listRoute = createRoute({
  method: 'get', path: '/admin/badges', security, middleware: [allow('read')] as const,
  summary: "The milestone badges' names and pictures (first check-in, a 7-day streak, 10 challenges, first sweepstake entry)",
  description: "Activations' badges are set on each activation.",
  responses: { 200: dataResponse('The badges', z.array(AdminBadgeSchema)), ...errorResponses(401, 403) },
});

const updateRoute = createRoute({
  method: 'put', path: '/admin/badges/{milestone}', security, middleware: [allow('content')] as const,
  summary: "Owner or editor: sets a milestone badge's name (English, Spanish) and picture",
  description: 'A refusal is a 422 naming the field.',
  request: { params: MilestoneParam, body: jsonBody(BadgeTextsSchema) },
  responses: { 200: dataResponse('The badges now', z.array(AdminBadgeSchema)), ...errorResponses(401, 403, 422) },
});

const imageRoute = createRoute({
  method: 'post', path: '/admin/badges/{milestone}/image', security, middleware: [allow('content')] as const,
  summary: "Owner or editor: uploads a milestone badge's picture (JPEG, PNG or WebP, at most 5 MB) and makes it the badge's",
  description: 'Stored as a 512 px square WebP (the whole picture, on a transparent ground), named by its content hash.',
  request: { params: MilestoneParam, body: { required: true, content: { 'image/jpeg': binary, 'image/png': binary, 'image/webp': binary } } },
  responses: { 200: dataResponse('The badges now', z.array(AdminBadgeSchema)), ...errorResponses(401, 403, 413, 415, 422) },
});

/** The milestone badges, for owners and editors: each change audited with the badge before and after. */
export const badgeAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await readAdminBadges(c.get('db'), c.get('operator').organizationId) }, 200))
  .openapi(updateRoute, async (c) => {
    const { organizationId } = c.get('operator');
    const { milestone } = c.req.valid('param');
    const input = c.req.valid('json');
    const data = await auditedItemChange(c, (db) => readAdminBadges(db, organizationId),
      { action: 'badge.update', kind: 'badge', id: milestone, idOf: (badge) => badge.milestone }, (trx) => writeBadge(trx, organizationId, milestone, input));
    return c.json({ data }, 200);
  })
  .openapi(imageRoute, async (c) => {
    const { organizationId } = c.get('operator');
    const { milestone } = c.req.valid('param');
    const name = await storeCrestImage(c.get('media'), await readUpload(c.req.raw));
    const data = await c.get('db').transaction().execute(async (trx) => {
      const before = (await readAdminBadges(trx, organizationId)).find((b) => b.milestone === milestone)!;
      const { custom: _custom, milestone: _milestone, ...texts } = before;
      await writeBadge(trx, organizationId, milestone, { ...texts, image: mediaUrl(name) });
      const badges = await readAdminBadges(trx, organizationId);
      await audit(c, trx, { action: 'badge.image', kind: 'badge', id: milestone, before: { image: before.image }, after: { image: mediaUrl(name) } });
      return badges;
    });
    return c.json({ data }, 200);
  });

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminBadge, BadgeTexts } from './badge.schema.ts';
