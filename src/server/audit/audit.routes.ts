import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errorResponses, validationHook, type Answer } from '../openapi.ts';
import { allow } from '../operators/operator.middleware.ts';
import { listAuditEntries, type AuditFilter } from './audit.repository.ts';
import { auditCsv } from './audit.csv.ts';
import { entryView } from './audit.view.ts';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'api.audit.date');
const Text = z.string().trim().max(200);

const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ type: z.enum(['operator', 'api_key', 'cli']), id: z.string(), label: z.string(), role: z.string() }),
  action: z.string(),
  kind: z.string(),
  subjectId: z.string(),
  before: z.unknown().openapi({ description: 'The values before the write; null for a creation.' }),
  after: z.unknown().openapi({ description: 'The values after the write; null for a removal.' }),
  requestId: z.string().nullable(),
  clientAddress: z.string().nullable(),
}).openapi('AuditEntry');

const listRoute = createRoute({
  method: 'get', path: '/admin/audit', security: [{ admin: [] }], middleware: [allow('read')] as const,
  summary: 'The audit trail: every operator write, newest first, filtered; `format=csv` downloads every match',
  request: {
    query: z.object({
      actor: Text.optional().openapi({ description: "An operator's or key's id, or its e-mail address or name." }),
      kind: Text.optional().openapi({ description: 'The kind of thing, e.g. challenge, sweepstake, operator, apiKey.' }),
      subject: Text.optional().openapi({ description: "A thing's id: its own history." }),
      action: Text.optional(),
      from: Day.optional().openapi({ description: 'From this day (UTC), inclusive.' }),
      to: Day.optional().openapi({ description: 'Up to this day (UTC), inclusive.' }),
      cursor: z.string().max(300).optional().openapi({ description: 'The `next` of the previous page.' }),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      format: z.enum(['json', 'csv']).default('json'),
    }),
  },
  responses: {
    200: {
      description: 'A page of entries and the cursor of the next (null on the last); or, with format=csv, every match as CSV',
      content: {
        'application/json': { schema: z.object({ data: z.object({ entries: z.array(AuditEntrySchema), next: z.string().nullable() }) }) },
        'text/csv': { schema: z.string() },
      },
    },
    ...errorResponses(401, 403, 422),
  },
});

/** At most this many rows in one CSV download; a narrower filter gets the rest. */
const CSV_ROWS = 50_000;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

function cursorOf(entry: { at: string; id: string }): string {
  return Buffer.from(`${entry.at}|${entry.id}`).toString('base64url');
}

function readCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length || Number.isNaN(Date.parse(at))) throw new ApiError('validation_failed', 'api.audit.cursor', { cursor: 'api.audit.cursor' });
  return { at, id };
}

export const auditRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const filter: AuditFilter = {
      actor: query.actor, kind: query.kind, subject: query.subject, action: query.action,
      from: query.from && `${query.from}T00:00:00.000Z`, to: query.to && nextDay(query.to),
      before: query.cursor ? readCursor(query.cursor) : undefined,
    };
    const { organizationId } = c.get('operator');
    if (query.format === 'csv') {
      const rows = await listAuditEntries(c.get('db'), organizationId, filter, CSV_ROWS);
      c.header('Content-Disposition', 'attachment; filename="audit.csv"');
      return c.body(auditCsv(rows.map(entryView)), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    }
    const rows = await listAuditEntries(c.get('db'), organizationId, filter, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return c.json({ data: { entries: page.map(entryView), next: rows.length > query.limit ? cursorOf(page.at(-1)!) : null } }, 200);
  });

export type AuditPage = Extract<Answer<typeof listRoute, 200>, { data: unknown }>['data'];
/** The audit filter as a caller writes it (every field optional; the route checks and defaults them). */
export type AuditQuery = Partial<Omit<z.input<NonNullable<typeof listRoute['request']>['query']>, 'format'>>;
