import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.service.ts';
import { allow } from './operator.middleware.ts';
import { ApiKeySchema, IdParam, NewApiKeySchema, RoleSchema } from './operator.schema.ts';

const security = [{ admin: [] }];

const listRoute = createRoute({
  method: 'get', path: '/admin/api-keys', security, middleware: [allow('apiKeys')] as const,
  summary: 'Owner: the API keys, revoked ones included (never their values)',
  responses: { 200: dataResponse('API keys, newest first', z.array(ApiKeySchema)), ...errorResponses(401, 403) },
});

const createKeyRoute = createRoute({
  method: 'post', path: '/admin/api-keys', security, middleware: [allow('apiKeys')] as const,
  summary: 'Owner: makes an API key bound to a role; the key is in this answer only',
  request: { body: jsonBody(z.object({ name: z.string().trim().min(1, 'api.apiKey.name').max(80, 'api.apiKey.name'), role: RoleSchema }).openapi('ApiKeyRequest')) },
  responses: { 201: dataResponse('Created: keep the key now, it is never shown again', NewApiKeySchema), ...errorResponses(401, 403, 422) },
});

const revokeRoute = createRoute({
  method: 'post', path: '/admin/api-keys/{id}/revoke', security, middleware: [allow('apiKeys')] as const,
  summary: 'Owner: revokes an API key; it is refused from the next call on',
  request: { params: IdParam },
  responses: { 200: dataResponse('Revoked', ApiKeySchema), ...errorResponses(401, 403, 404) },
});

export const apiKeyRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await listApiKeys(c.get('db'), c.get('operator').organizationId) }, 200))
  .openapi(createKeyRoute, async (c) => {
    const input = c.req.valid('json');
    const data = await c.get('db').transaction().execute((trx) => createApiKey(trx, writerOf(c), input));
    return c.json({ data }, 201);
  })
  .openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute((trx) => revokeApiKey(trx, writerOf(c), id));
    return c.json({ data }, 200);
  });

export type ApiKeyList = Answer<typeof listRoute, 200>['data'];
export type NewApiKey = Answer<typeof createKeyRoute, 201>['data'];
