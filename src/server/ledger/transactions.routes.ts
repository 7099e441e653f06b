import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { errorResponses, validationHook } from '../openapi.ts';
import { localized } from '../admin/translations.ts';
import { requestLocale } from '../locale.ts';
import { listEntries } from './ledger.repository.ts';

/** Where the previous page ended: the last entry's (created_at, id), the ledger's sort key. */
export interface TransactionCursor {
  createdAt: string;
  id: string;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;
// Message keys (src/shared/i18n/messages/*/api.ts); the limit's says 1 to 100, MAX_LIMIT.
const INVALID_CURSOR = 'api.transactions.cursor';
const LIMIT_MESSAGE = 'api.transactions.limit';

// Exactly what Date#toISOString writes, which is how the ledger stores created_at.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,256}$/;

/** Opaque to clients: base64url of the JSON pair [createdAt, id]. */
export function encodeCursor(cursor: TransactionCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

/**
 * The cursor's position, or undefined for anything this API could not have written. It is not
 * signed: it only positions a page inside the caller's own ledger, so a hand-made one reveals nothing.
 */
export function decodeCursor(text: string): TransactionCursor | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  // Buffer skips characters it cannot place; only the canonical spelling round-trips.
  if (bytes.toString('base64url') !== text) return undefined;
  let pair: unknown;
  try {
    pair = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(pair) || pair.length !== 2) return undefined;
  const [createdAt, id] = pair as unknown[];
  if (typeof createdAt !== 'string' || !ISO_INSTANT.test(createdAt)) return undefined;
  if (Number.isNaN(Date.parse(createdAt)) || new Date(createdAt).toISOString() !== createdAt) return undefined;
  if (typeof id !== 'string' || !ENTRY_ID.test(id)) return undefined;
  return { createdAt, id };
}

// An empty parameter (`?cursor=&limit=`, as a plain form sends it) means "not given".
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

const QuerySchema = z.object({
  cursor: z.preprocess(blankAsMissing, z.string({ error: INVALID_CURSOR })
    .refine((text) => decodeCursor(text) !== undefined, INVALID_CURSOR)
    .optional())
    .openapi({ type: 'string', description: 'The nextCursor of the previous page; leave out for the newest entries.' }),
  limit: z.preprocess(blankAsMissing, z.string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(MAX_LIMIT, LIMIT_MESSAGE))
    .optional())
    .openapi({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: 'Entries per page.' }),
});

const TransactionSchema = z.object({
  id: z.string(),
  amount: z.number().int().openapi({ example: 10, description: 'Signed: awards are positive, spends negative.' }),
  kind: z.string().openapi({ example: 'checkin', description: 'checkin, challenge, sweepstake_entry, birthday_bonus, referral, …' }),
  reference: z.string().nullable().openapi({ example: '2026-11-22', description: 'What it was for (a challenge id, a day…).' }),
  title: z.string().nullable().openapi({ example: 'Keepy-uppy', description: "The title of the challenge, sweepstake, story, video or article; null where the kind says it all." }),
  adjustmentReason: z.string().nullable().openapi({ example: 'Check-in at the match missed by the app', description: "When the club put this row in (an adjustment, or a reversal of one award): its reason in the caller's language (else English); else null." }),
  balanceAfter: z.number().int().openapi({ example: 120, description: 'Spendable points right after this entry.' }),
  createdAt: z.string().openapi({ example: '2026-11-22T09:30:00.000Z' }),
}).openapi('Transaction');

const TransactionPageSchema = z.object({
  data: z.array(TransactionSchema),
  nextCursor: z.string().nullable().openapi({ description: 'Pass as cursor for the next (older) page; null on the last page.' }),
}).openapi('TransactionPage');

export type Transaction = z.infer<typeof TransactionSchema>;
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

// Before the query is validated: an anonymous caller learns nothing from a 422.
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUserId(c.get('caller'));
  await next();
});

const listRoute = createRoute({
  method: 'get',
  path: '/user/me/transactions',
  summary: "The signed-in user's ledger, newest first, a page at a time",
  security: [{ bearer: [] }],
  middleware: [signedIn] as const,
  request: { query: QuerySchema },
  responses: {
    200: { description: 'One page of entries', content: { 'application/json': { schema: TransactionPageSchema } } },
    ...errorResponses(401, 422),
  },
});

export const transactionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    const query = c.req.valid('query');
    const limit = query.limit ?? DEFAULT_LIMIT;
    const locale = requestLocale(c);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // One extra row says whether an older page exists, so the last page answers nextCursor: null.
    const rows = await listEntries(c.get('db'), userId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json({
      data: page.map((row) => ({
        id: row.id,
        amount: Number(row.amount),
        kind: row.kind,
        reference: row.reference,
        title: row.title ?? null,
        adjustmentReason: row.adjustment_reason === null ? null : localized({ reason: row.adjustment_reason }, row.adjustment_translations, locale).reason,
        balanceAfter: Number(row.balance_after),
        createdAt: row.created_at,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    }, 200);
  });
