import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { writerOf } from '../audit/audit.ts';
import { ApiError } from '../errors.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { consumeLoginCode, requestLoginCode } from '../session/session.service.ts';
import { Email, LoginCode, signInContext } from '../session/session.routes.ts';
import { findOperatorByEmail } from './operator.repository.ts';
import { allow } from './operator.middleware.ts';
import { IdParam, OperatorSchema, RoleSchema } from './operator.schema.ts';
import { addOperator, changeOperatorRole, endOperatorSession, listOperators, openOperatorSession, removeOperator } from './operator.service.ts';
import { inviteMail } from './invite-mail.ts';
import { normaliseEmail } from '../session/session.service.ts';

const security = [{ admin: [] }];

const sendRoute = createRoute({
  method: 'post', path: '/admin/session/email', security: [{ bearer: [] }],
  summary: "Console sign-in: e-mails a 6-digit code to a staff address; answers 202 whatever the address",
  description: 'Called with the organization public key. Only an operator\'s address is sent a code; the link in it opens /admin/login.',
  request: { body: jsonBody(z.object({ email: Email })) },
  responses: { 202: { description: 'If the address is on the staff, a code is on its way' }, ...errorResponses(401, 422, 429) },
});

const verifyRoute = createRoute({
  method: 'post', path: '/admin/session/email/verify', security: [{ bearer: [] }],
  summary: 'Console sign-in: exchanges the code for an operator session token (ends after 12 hours without use)',
  request: { body: jsonBody(z.object({ email: Email, code: LoginCode })) },
  responses: {
    200: dataResponse('Signed in to the console', z.object({ token: z.string(), operator: OperatorSchema })),
    ...errorResponses(401, 403, 422, 429),
  },
});

const meRoute = createRoute({
  method: 'get', path: '/admin/session', security,
  summary: 'The operator (or API key) calling, with its role',
  responses: {
    200: dataResponse('Who is calling', z.object({ id: z.string(), label: z.string(), role: RoleSchema, kind: z.enum(['operator', 'api_key', 'cli']) })),
    ...errorResponses(401),
  },
});

const endRoute = createRoute({
  method: 'delete', path: '/admin/session', security,
  summary: 'Signs the operator out of the console',
  responses: { 204: { description: 'Signed out' }, ...errorResponses(401) },
});

const listRoute = createRoute({
  method: 'get', path: '/admin/operators', security, middleware: [allow('operators')] as const,
  summary: "Owner: the club's staff and their roles",
  responses: { 200: dataResponse('Operators', z.array(OperatorSchema)), ...errorResponses(401, 403) },
});

const inviteRoute = createRoute({
  method: 'post', path: '/admin/operators', security, middleware: [allow('operators')] as const,
  summary: 'Owner: invites an address to the staff with a role (an e-mailed invitation)',
  request: { body: jsonBody(z.object({ email: Email, role: RoleSchema }).openapi('OperatorInvite')) },
  responses: { 201: dataResponse('Invited', OperatorSchema), ...errorResponses(401, 403, 422) },
});

const roleRoute = createRoute({
  method: 'patch', path: '/admin/operators/{id}', security, middleware: [allow('operators')] as const,
  summary: "Owner: changes an operator's role (never the last owner's)",
  request: { params: IdParam, body: jsonBody(z.object({ role: RoleSchema })) },
  responses: { 200: dataResponse('Changed', OperatorSchema), ...errorResponses(401, 403, 404, 422) },
});

const removeRoute = createRoute({
  method: 'delete', path: '/admin/operators/{id}', security, middleware: [allow('operators')] as const,
  summary: 'Owner: takes an operator off the staff; their console sessions end (never the last owner)',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 422) },
});

export const operatorRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(sendRoute, async (c) => {
    const { email } = c.req.valid('json');
    const deps = c.get('deps');
    const ctx = signInContext(c);
    // Nobody else is sent a code from here; the answer is the same either way.
    if (await findOperatorByEmail(c.get('db'), ctx.organizationId, normaliseEmail(email))) {
      await requestLoginCode({ ...ctx, mailer: deps.mailer, appOrigin: deps.publicUrl, locale: requestLocale(c), verifyPath: '/admin/login' }, email);
    }
    return c.body(null, 202);
  })
  .openapi(verifyRoute, async (c) => {
    const { email, code } = c.req.valid('json');
    const ctx = signInContext(c);
    const data = await consumeLoginCode(ctx, email, code, (trx, proven, now) => openOperatorSession(trx, ctx.organizationId, proven, now));
    return c.json({ data }, 200);
  })
  .openapi(meRoute, (c) => {
    const { id, label, role, type } = c.get('operator');
    return c.json({ data: { id, label, role, kind: type } }, 200);
  })
  .openapi(endRoute, async (c) => {
    const sessionId = c.get('operatorSessionId');
    if (!sessionId) throw new ApiError('bad_request', 'api.operator.notSession');
    await endOperatorSession(c.get('db'), sessionId);
    return c.body(null, 204);
  })
  .openapi(listRoute, async (c) => c.json({ data: await listOperators(c.get('db'), c.get('operator').organizationId) }, 200))
  .openapi(inviteRoute, async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const operator = await db.transaction().execute((trx) => addOperator(trx, writerOf(c), input));
    const deps = c.get('deps');
    const { organization, settings } = await loadOrganizationSettings(db, c.get('operator').organizationId);
    const mail = await inviteMail({
      to: operator.email, role: operator.role, locale: requestLocale(c), invitedBy: c.get('operator').label,
      link: new URL(`/admin/login?email=${encodeURIComponent(operator.email)}`, deps.publicUrl).href,
      club: { name: organization.name, theme: settings.theme },
    });
    // The mailer logs its own failures: the invitation stands, and the owner can tell the address to sign in.
    deps.mailer.send(mail).catch(() => undefined);
    return c.json({ data: operator }, 201);
  })
  .openapi(roleRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    const data = await c.get('db').transaction().execute((trx) => changeOperatorRole(trx, writerOf(c), id, role));
    return c.json({ data }, 200);
  })
  .openapi(removeRoute, async (c) => {
    const { id } = c.req.valid('param');
    await c.get('db').transaction().execute((trx) => removeOperator(trx, writerOf(c), id));
    return c.body(null, 204);
  });

export type OperatorMe = Answer<typeof meRoute, 200>['data'];
export type OperatorList = Answer<typeof listRoute, 200>['data'];
export type OperatorSignIn = Answer<typeof verifyRoute, 200>['data'];
