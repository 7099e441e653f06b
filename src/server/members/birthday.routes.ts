import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { IdParam } from '../operators/operator.schema.ts';
import { allow } from '../operators/operator.middleware.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { ProfilePatchSchema } from '../users/profile.schema.ts';
import { fixBirthday } from './birthday.service.ts';

const BirthdayFixSchema = z.object({
  // The profile's own rules for a date (a real day, from 1900 to today), never empty here.
  birthday: ProfilePatchSchema.shape.birthday.unwrap().pipe(z.string('api.requests.birthdayRequired')),
  reason: z.string().trim().min(1, 'api.requests.reasonRequired').max(500, 'api.requests.reasonTooLong')
    .openapi({ description: 'Why (kept in the audit trail), e.g. the request\'s reference.' }),
}).openapi('BirthdayFix');

const fixRoute = createRoute({
  method: 'post', path: '/admin/members/{id}/birthday', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: 'Support: sets a supporter\'s birthday whatever their own change limit, with a reason (audited, `member.birthday`)',
  description: 'For a date the supporter cannot put right (under 18 by a wrong date, or past their one change). '
    + 'The date counts as set now: its birthday bonus waits 30 days, and a year that paid a bonus pays no second one.',
  request: { params: IdParam, body: jsonBody(BirthdayFixSchema) },
  responses: {
    200: dataResponse('The birthday in force', z.object({
      id: z.string(), birthday: z.string(), underage: z.boolean(),
      changed: z.boolean().openapi({ description: 'false: it was that date already (nothing written).' }),
    })),
    ...errorResponses(401, 403, 404, 422),
  },
});

export const memberBirthdayRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(fixRoute, async (c) => {
    const { id } = c.req.valid('param');
    const fix = c.req.valid('json');
    const { organizationId, timeZone } = c.get('caller');
    const data = await c.get('db').transaction().execute((trx) => fixBirthday(trx, writerOf(c), organizationId, id, fix, readTimeZone(timeZone, organizationId)));
    return c.json({ data }, 200);
  });

export type BirthdayFixed = Answer<typeof fixRoute, 200>['data'];
