import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { appendAudit, writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errorResponses, validationHook } from '../openapi.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dayStartIn, readTimeZone } from '../organization/time-zone.ts';
import { shiftDay } from '../checkin/checkin.service.ts';
import { ledgerCsv, membersCsv } from './export.service.ts';

/** A calendar day that exists (2033-02-30 does not, though Date.parse reads it as 2 March). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'api.audit.date')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'api.audit.date');
const EXPORTS = { members: membersCsv, ledger: ledgerCsv } as const;

const exportRoute = createRoute({
  method: 'get', path: '/admin/exports/{name}', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: 'Support: the supporters who joined, or the ledger rows written, in a period, as a CSV streamed page by page',
  description: 'Days are the organization\'s, both ends inclusive; without `from` or `to` the period is open on that side. '
    + 'Memory stays flat whatever the size (rows are read a thousand at a time). Each download is in the audit trail.',
  request: {
    params: z.object({ name: z.enum(['members', 'ledger']).openapi({ param: { name: 'name', in: 'path' } }) }),
    query: z.object({
      from: Day.optional().openapi({ description: 'From this day, inclusive (YYYY-MM-DD, the organization\'s time zone).' }),
      to: Day.optional().openapi({ description: 'Up to this day, inclusive.' }),
    }),
  },
  responses: {
    200: { description: 'The CSV: members (id, email, username, names, balances, joined_at, blocked_at) or ledger rows', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(401, 403, 422),
  },
});

export const exportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(exportRoute, async (c) => {
    const { name } = c.req.valid('param');
    const { from, to } = c.req.valid('query');
    if (from && to && from > to) throw new ApiError('validation_failed', 'api.exports.period', { to: 'api.exports.period' });
    const operator = c.get('operator');
    const timeZone = readTimeZone(c.get('caller').timeZone, operator.organizationId);
    const period = { from: from && dayStartIn(from, timeZone), to: to && dayStartIn(shiftDay(to, 1), timeZone) };
    // A download of supporters' data is a view of it: on the trail before the first byte leaves.
    await c.get('db').transaction().execute((trx) => appendAudit(trx, writerOf(c), { action: 'export.download', kind: 'export', id: name, after: { from: from ?? null, to: to ?? null } }));
    const file = `${name}${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
    return c.body(EXPORTS[name](c.get('db'), operator.organizationId, period), 200, {
      'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file}"`,
    });
  });

/** The period of an export as a caller writes it (both days optional). */
export type ExportPeriod = z.input<NonNullable<typeof exportRoute['request']>['query']>;
/** What can be exported. */
export type ExportName = z.infer<NonNullable<typeof exportRoute['request']>['params']>['name'];
