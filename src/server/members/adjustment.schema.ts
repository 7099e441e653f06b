import { z } from '@hono/zod-openapi';
import { RoleSchema } from '../operators/operator.schema.ts';
import { plainText } from '../stored/fields.ts';

// The one description of an adjustment (issue 25, "put a balance right"): what the console sends, what it is answered.

export const REASON_MAX = 300;
/** The most points one adjustment moves either way: far above any club's limit, well inside the ledger's integers. */
export const POINTS_MAX = 1_000_000;

const Reason = plainText(REASON_MAX).openapi({ example: 'Goal-of-the-month check-in missed by the app', description: `1 to ${REASON_MAX} characters; the supporter reads it.` });
const ReasonTranslations = z.object({
  es: z.object({ reason: z.string().trim().max(REASON_MAX, 'api.adjustment.reasonLength').optional() }).optional(),
}).optional().openapi({ description: 'The reason in Spanish (`es.reason`); left out, a supporter reading Spanish sees the English one.' });

export const AdjustmentInputSchema = z.object({
  points: z.number({ error: 'api.adjustment.points' }).int('api.adjustment.points')
    .min(-POINTS_MAX, 'api.adjustment.points').max(POINTS_MAX, 'api.adjustment.points')
    .refine((n) => n !== 0, 'api.adjustment.points').optional()
    .openapi({ example: 50, description: 'A whole number, not 0: positive credits, negative debits. Leave out with `reverses`.' }),
  reverses: z.string().min(1).max(100).optional()
    .openapi({ description: 'Instead of `points`: a ledger entry id, one award of this supporter, taken back exactly.' }),
  reason: Reason,
  translations: ReasonTranslations,
}).strict().superRefine((input, ctx) => {
  // One or the other: an amount of the operator's choosing, or exactly one award taken back.
  if ((input.points === undefined) === (input.reverses === undefined)) ctx.addIssue({ code: 'custom', path: ['points'], message: 'api.adjustment.pointsOrReverses' });
}).openapi('AdjustmentInput');
export type AdjustmentInput = z.infer<typeof AdjustmentInputSchema>;

export const AdjustmentStatusSchema = z.enum(['applied', 'pending', 'refused']).openapi({
  description: 'applied: in the ledger; pending: over support\'s limits, waiting for the owner; refused by the owner.',
});

export const AdjustmentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  supporter: z.object({ email: z.string(), name: z.string().nullable() }).nullable().openapi({ description: 'Null once the supporter is gone.' }),
  points: z.number().int().openapi({ description: 'Signed: positive credited, negative debited.' }),
  reason: z.string(),
  translations: z.object({ es: z.object({ reason: z.string() }).partial().optional() }),
  reverses: z.string().nullable().openapi({ description: 'The ledger entry a reversal takes back.' }),
  status: AdjustmentStatusSchema,
  requestedBy: z.object({ label: z.string(), role: RoleSchema }),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  ledgerEntryId: z.string().nullable(),
  balanceAfter: z.number().int().nullable().openapi({ description: "The supporter's spendable points right after it was applied; null until then." }),
  createdAt: z.string(),
}).openapi('Adjustment');
export type Adjustment = z.infer<typeof AdjustmentSchema>;

export const AdjustmentListQuery = z.object({
  status: AdjustmentStatusSchema.default('pending'),
});

export const IdempotencyHeader = z.object({
  'idempotency-key': z.string({ error: 'api.adjustment.key' }).regex(/^[A-Za-z0-9_-]{1,100}$/, 'api.adjustment.key')
    .openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'Required: a repeat with the same key is the same adjustment.' }),
});

export const MemberIdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
