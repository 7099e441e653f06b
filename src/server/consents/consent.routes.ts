import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { listUserConsents, setUserConsent } from './consent.service.ts';
import { UserConsentSchema, ConsentChangeSchema } from './consent.schema.ts';

const listRoute = createRoute({
  method: 'get', path: '/consent/user', summary: "The organization's consents with the signed-in user's answers", security: [{ bearer: [] }],
  responses: {
    200: dataResponse('Consents', z.array(UserConsentSchema)),
    ...errorResponses(401),
  },
});

const patchRoute = createRoute({
  method: 'patch', path: '/consent/user/{id}', middleware: [commitsWithItsWrite] as const, summary: 'Gives (1) or withdraws (0) one consent; every change is kept', security: [{ bearer: [] }],
  request: {
    params: z.object({ id: z.string().min(1).max(64) }),
    body: jsonBody(ConsentChangeSchema),
  },
  responses: {
    200: dataResponse('The consent with its new value', UserConsentSchema),
    ...errorResponses(401, 404, 422),
  },
});

// Anonymous callers get their 401 before the body is looked at.
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUserId(c.get('caller'));
  await next();
});

const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
routes.use('/consent/*', signedIn);

export const consentRoutes = routes
  .openapi(listRoute, async (c) => {
    const caller = c.get('caller');
    const data = await listUserConsents(c.get('db'), caller.organizationId, requireUserId(caller));
    return c.json({ data }, 200);
  })
  .openapi(patchRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    return answerInOneCommit(c, (trx) => setUserConsent(trx, caller.organizationId, userId, id, change));
  });
