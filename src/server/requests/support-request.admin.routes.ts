import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit, writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { IdParam } from '../operators/operator.schema.ts';
import { allow } from '../operators/operator.middleware.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { requestReplyMail } from './support-request.mail.ts';
import { MY_REQUESTS_PATH } from './support-request.routes.ts';
import { QueuedRequestSchema, ReplySchema, SUPPORT_STATUSES, SupportRequestSchema } from './support-request.schema.ts';
import { closeRequest, listSupportQueue, openSupportRequest, replyToRequest } from './support-request.service.ts';

const queueRoute = createRoute({
  method: 'get', path: '/admin/requests', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: 'Support: the queue of supporters\' requests in one status, newest first (the latest 100)',
  request: {
    query: z.object({
      status: z.enum(SUPPORT_STATUSES, 'api.requests.status').default('open').openapi({ description: 'open (default), answered or closed' }),
      reference: z.string().trim().max(20).optional().openapi({ description: 'A reference as the supporter quoted it (any case): that request, whatever its status.' }),
    }),
  },
  responses: { 200: dataResponse('Requests', z.array(QueuedRequestSchema)), ...errorResponses(401, 403, 422) },
});

const openRoute = createRoute({
  method: 'get', path: '/admin/requests/{id}', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: 'Support: one request with its supporter (address, names, birthday, console page) and every answer',
  description: 'Opening one shows a supporter\'s personal data: the view is in the audit trail (`request.view`).',
  request: { params: IdParam },
  responses: { 200: dataResponse('The request', SupportRequestSchema), ...errorResponses(401, 403, 404) },
});

const replyRoute = createRoute({
  method: 'post', path: '/admin/requests/{id}/reply', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: 'Support: answers a request by e-mail, in the supporter\'s language with the reference; the request is then answered',
  description: 'The answer is stored (the supporter reads it on their requests page too) and audited (`request.reply`, without its words).',
  request: { params: IdParam, body: jsonBody(ReplySchema) },
  responses: { 200: dataResponse('The request, answered', SupportRequestSchema), ...errorResponses(401, 403, 404, 422) },
});

const closeRoute = createRoute({
  method: 'post', path: '/admin/requests/{id}/close', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: 'Support: closes a request (audited, `request.close`); a closed one stays as it is',
  request: { params: IdParam },
  responses: { 200: dataResponse('The request, closed', SupportRequestSchema), ...errorResponses(401, 403, 404) },
});

const zoneOf = (c: { get: (key: 'caller') => { timeZone: string; organizationId: string } }) => readTimeZone(c.get('caller').timeZone, c.get('caller').organizationId);

export const supportRequestAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(queueRoute, async (c) => {
    const { status, reference } = c.req.valid('query');
    return c.json({ data: await listSupportQueue(c.get('db'), c.get('operator').organizationId, status, reference || undefined) }, 200);
  })
  .openapi(openRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute(async (trx) => {
      const request = await openSupportRequest(trx, c.get('operator').organizationId, id, zoneOf(c));
      await audit(c, trx, { action: 'request.view', kind: 'support_request', id, after: { member: request.member.id } });
      return request;
    });
    return c.json({ data }, 200);
  })
  .openapi(replyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { message } = c.req.valid('json');
    const db = c.get('db');
    const organizationId = c.get('operator').organizationId;
    const data = await db.transaction().execute((trx) => replyToRequest(trx, writerOf(c), organizationId, id, message, zoneOf(c)));
    const deps = c.get('deps');
    const { organization, settings } = await loadOrganizationSettings(db, organizationId);
    const mail = await requestReplyMail({
      to: data.member.email, locale: data.locale, reference: data.reference, message,
      link: new URL(MY_REQUESTS_PATH, deps.publicUrl).href, club: { name: organization.name, theme: settings.theme },
    });
    // The answer stands on the supporter's requests page whatever the mail does; the mailer logs its failure.
    deps.mailer.send(mail).catch((error: unknown) => log.warn({ err: error, requestId: id }, 'support reply not mailed'));
    return c.json({ data }, 200);
  })
  .openapi(closeRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute((trx) => closeRequest(trx, writerOf(c), c.get('operator').organizationId, id, zoneOf(c)));
    return c.json({ data }, 200);
  });

export type SupportQueue = Answer<typeof queueRoute, 200>['data'];
export type SupportRequestView = Answer<typeof openRoute, 200>['data'];
