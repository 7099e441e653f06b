import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { getExperiences, requestExperience } from './experience.service.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { ExperienceSchema, RequestResultSchema } from './experience.schema.ts';

const security = [{ bearer: [] }];

const listRoute = createRoute({
  method: 'get', path: '/experiences', summary: "The club's enhanced experiences, in display order, with the caller's state for each", security,
  responses: {
    200: dataResponse('Experiences', z.array(ExperienceSchema)),
    ...errorResponses(401),
  },
});
const requestRoute = createRoute({
  method: 'post', path: '/experiences/{id}/request', middleware: [commitsWithItsWrite] as const, summary: 'Asks for a place on an experience, once per supporter',
  description: 'Records the request and takes one place, never more places than there are, whatever the number of requests '
    + 'at once. Refused with 403 `experience_locked` (the membership tier does not unlock it), 403 `experience_adults_only` '
    + '(an under-18 supporter), 422 `experience_full` (no place left). Asking again answers `alreadyRequested: true` and '
    + 'takes nothing. The club then follows the request up by e-mail.',
  security,
  request: { params: z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The id or the slug.' }) }) },
  responses: {
    200: dataResponse('Requested', RequestResultSchema),
    ...errorResponses(401, 403, 404, 422),
  },
});

export const experienceRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const { organizationId, timeZone, userId, user } = c.get('caller');
    return c.json({ data: await getExperiences(c.get('db'), { organizationId, timeZone, userId, user, locale: requestLocale(c) }) }, 200);
  })
  .openapi(requestRoute, async (c) => {
    const { organizationId, timeZone } = c.get('caller');
    const caller = { organizationId, timeZone, userId: requireUserId(c.get('caller')), locale: requestLocale(c) };
    const { id } = c.req.valid('param');
    // The request, the place it takes, its Idempotency-Key's answer and the page versions: one commit.
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => requestExperience(trx, caller, id)));
  });
