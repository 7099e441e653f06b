import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { errorResponses, validationHook, type Answer } from '../openapi.ts';
import { allow } from '../operators/operator.middleware.ts';
import { reportCsv } from './report.csv.ts';
import { REPORT_NAMES } from './report.names.ts';
import { runReport } from './report.service.ts';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'api.reports.date');

const ReportSchema = z.object({
  name: z.enum(REPORT_NAMES),
  from: z.string().openapi({ description: 'The first day counted (the organization\'s local day).' }),
  to: z.string().openapi({ description: 'The last day counted, inclusive.' }),
  timeZone: z.string().openapi({ description: 'The organization\'s time zone: the days are its days.' }),
  asOf: z.string().nullable().openapi({ description: 'When the oldest figure of a running challenge or sweepstake, or what the club owes (`outstanding`), was taken (they are taken every few minutes); null when every figure is counted now.' }),
  columns: z.array(z.string()).openapi({ description: 'The rows\' keys in order: the CSV\'s header.' }),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
}).openapi('Report');

const reportRoute = createRoute({
  method: 'get', path: '/admin/reports/{name}', security: [{ admin: [] }], middleware: [allow('read')] as const,
  summary: "The club's numbers: one report's rows for a range of days; `format=csv` downloads the same rows",
  description: [
    'Every figure leaves the staff out: operators\' addresses and addresses at the internalDomains setting\'s domains.',
    'Days are the organization\'s local days. A supporter is *active* in a period when they have a ledger entry in it: they earned',
    'points (a check-in is one), spent them, or had them put right. Reports: `active-daily`, `active-weekly`, `active-monthly`',
    '(weeks start on Monday; weeks and months are whole: the range picks which), `signups`, `points` (issued and spent per day and',
    'ledger kind), `outstanding` (the sum of spendable balances: what the club owes, as the job last took it, `asOf`), `checkins`, `challenges` (participants',
    'and right-answer rate: quiz answers, pick\'em picks once the outcome is set), `polls` (votes per option), `sweepstakes`',
    '(tickets and distinct entrants, refunds left out), `retention` (per signup week, how many were active each week after).',
  ].join(' '),
  request: {
    params: z.object({ name: z.enum(REPORT_NAMES).openapi({ param: { name: 'name', in: 'path' } }) }),
    query: z.object({
      from: Day.optional().openapi({ description: 'First day, YYYY-MM-DD (default: 29 days before `to`).' }),
      to: Day.optional().openapi({ description: 'Last day, YYYY-MM-DD, inclusive (default: today). At most 366 days in all.' }),
      format: z.enum(['json', 'csv']).default('json'),
    }),
  },
  responses: {
    200: {
      description: 'The report; or, with format=csv, its rows as CSV (the columns as header)',
      content: { 'application/json': { schema: z.object({ data: ReportSchema }) }, 'text/csv': { schema: z.string() } },
    },
    ...errorResponses(401, 403, 422),
  },
});

export const reportRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(reportRoute, async (c) => {
    const { name } = c.req.valid('param');
    const { from, to, format } = c.req.valid('query');
    const report = await runReport(c.get('db'), c.get('operator').organizationId, name, { from, to });
    if (format === 'csv') {
      c.header('Content-Disposition', `attachment; filename="${name}-${report.from}-${report.to}.csv"`);
      return c.body(reportCsv(report), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    }
    return c.json({ data: report }, 200);
  });

export type ReportAnswer = Extract<Answer<typeof reportRoute, 200>, { data: unknown }>['data'];
/** The days a report covers, as a caller writes them (both optional). */
export type ReportRange = Pick<z.input<NonNullable<typeof reportRoute['request']>['query']>, 'from' | 'to'>;
