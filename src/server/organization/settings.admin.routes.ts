import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit, writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { readUpload, storeCrestImage, mediaUrl } from '../media/media.service.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { ClubSettingsSchema, readClubSettings, SettingsInputSchema, writeClubSettings } from './settings.admin.ts';

const security = [{ admin: [] }];
const binary = { schema: z.string().openapi({ type: 'string', format: 'binary' }) };

const getRoute = createRoute({
  method: 'get', path: '/admin/settings', security, middleware: [allow('settings')] as const,
  summary: "Owner: the club's settings (name, colours, crest, point terms, time zone, forum sign-in, logged-off dashboard, Instagram…)",
  responses: { 200: dataResponse('The settings', ClubSettingsSchema), ...errorResponses(401, 403) },
});

const updateRoute = createRoute({
  method: 'patch', path: '/admin/settings', security, middleware: [allow('settings')] as const,
  summary: "Owner: changes the club's settings; fields left out stay, null puts a setting back to its default",
  description: 'Each value is checked by the schema every page reads it with; a refusal is a 422 naming the field. '
    + "Supporters' pages show the change at once (kept pages included: the club's version goes up).",
  request: { body: jsonBody(SettingsInputSchema) },
  responses: { 200: dataResponse('The settings now', ClubSettingsSchema), ...errorResponses(401, 403, 422) },
});

const crestRoute = createRoute({
  method: 'post', path: '/admin/settings/crest', security, middleware: [allow('settings')] as const,
  summary: "Owner: uploads the club's crest (JPEG, PNG or WebP, at most 5 MB) and makes it the crest",
  description: 'Stored as a 512 px square WebP (the whole picture, on a transparent ground), named by its content hash.',
  request: { body: { required: true, content: { 'image/jpeg': binary, 'image/png': binary, 'image/webp': binary } } },
  responses: { 200: dataResponse('The settings now', ClubSettingsSchema), ...errorResponses(401, 403, 413, 415, 422) },
});

/** The club's settings, for owners: each change audited with the values before and after (never the forum secret). */
export const settingsAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(getRoute, async (c) => c.json({ data: await readClubSettings(c.get('db'), c.get('operator').organizationId) }, 200))
  .openapi(updateRoute, async (c) => {
    const { organizationId } = c.get('operator');
    const input = c.req.valid('json');
    const data = await c.get('db').transaction().execute(async (trx) => {
      const before = await readClubSettings(trx, organizationId);
      await writeClubSettings(trx, organizationId, input);
      const after = await readClubSettings(trx, organizationId);
      if (JSON.stringify(before) === JSON.stringify(after) && input.discourseSecret === undefined) writerOf(c).unchanged?.();
      else await audit(c, trx, { action: 'settings.update', kind: 'settings', id: organizationId, before, after });
      return after;
    });
    return c.json({ data }, 200);
  })
  .openapi(crestRoute, async (c) => {
    const { organizationId } = c.get('operator');
    const name = await storeCrestImage(c.get('media'), await readUpload(c.req.raw));
    const data = await c.get('db').transaction().execute(async (trx) => {
      const before = await readClubSettings(trx, organizationId);
      await writeClubSettings(trx, organizationId, { crestUrl: mediaUrl(name) });
      const after = await readClubSettings(trx, organizationId);
      await audit(c, trx, { action: 'settings.crest', kind: 'settings', id: organizationId, before: { crestUrl: before.crestUrl }, after: { crestUrl: after.crestUrl } });
      return after;
    });
    return c.json({ data }, 200);
  });

// The console's shapes, for the web app's API modules (type-only imports).
export type { ClubSettings, SettingsInput } from './settings.admin.ts';
