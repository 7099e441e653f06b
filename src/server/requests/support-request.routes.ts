import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import { hitRateLimits } from '../auth/rate-limit.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { log } from '../log.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { requireUser } from '../users/require-user.ts';
import { requestReceivedMail } from './support-request.mail.ts';
import { MySupportRequestSchema, NewSupportRequestSchema } from './support-request.schema.ts';
import { listMyRequests, sendSupportRequest } from './support-request.service.ts';

/** Where a supporter reads their requests and the club's answers (the link in every mail about one). */
export const MY_REQUESTS_PATH = '/profile/requests';
/** Requests a supporter may send in an hour: plenty for a person, a stop for a script filling support's queue. */
const REQUESTS_PER_HOUR = 10;

const sendRoute = createRoute({
  method: 'post', path: '/user/me/requests', security: [{ bearer: [] }],
  summary: 'Sends a request to the club (a birthday to fix, points missing, anything else); answers its reference',
  description: 'Open to every signed-in supporter, under-18s included (they may not edit their profile: this is how they are heard). '
    + 'A confirmation with the reference is mailed in the request\'s language, which is also the language of the club\'s answers. '
    + `At most ${REQUESTS_PER_HOUR} an hour per supporter (429 after).`,
  request: { body: jsonBody(NewSupportRequestSchema) },
  responses: { 201: dataResponse('The request, with the reference to quote', MySupportRequestSchema), ...errorResponses(401, 422, 429) },
});

const listRoute = createRoute({
  method: 'get', path: '/user/me/requests', security: [{ bearer: [] }],
  summary: 'The signed-in supporter\'s requests, newest first, with the club\'s answers',
  responses: { 200: dataResponse('Requests', z.array(MySupportRequestSchema)), ...errorResponses(401) },
});

export const supportRequestRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(sendRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const db = c.get('db');
    const user = await requireUser(db, userId);
    await hitRateLimits(db, [{ key: `support-request:user:${userId}`, max: REQUESTS_PER_HOUR, windowMs: 60 * 60_000 }]);
    const locale = requestLocale(c);
    const data = await sendSupportRequest(db, { userId, organizationId: caller.organizationId, locale }, c.req.valid('json'));
    const deps = c.get('deps');
    const { organization, settings } = await loadOrganizationSettings(db, caller.organizationId);
    const mail = await requestReceivedMail({
      to: user.email, locale, reference: data.reference, link: new URL(MY_REQUESTS_PATH, deps.publicUrl).href,
      club: { name: organization.name, theme: settings.theme },
    });
    // The request stands whatever the mail does: the reference is in this answer and on the requests page.
    deps.mailer.send(mail).catch((error: unknown) => log.warn({ err: error, requestId: data.id }, 'support request confirmation not sent'));
    return c.json({ data }, 201);
  })
  .openapi(listRoute, async (c) => c.json({ data: await listMyRequests(c.get('db'), requireUserId(c.get('caller'))) }, 200));

export type MySupportRequests = Answer<typeof listRoute, 200>['data'];
export type SentSupportRequest = Answer<typeof sendRoute, 201>['data'];
