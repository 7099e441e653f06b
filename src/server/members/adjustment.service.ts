import { randomUUID } from 'node:crypto';
import { can } from '../../shared/operator-roles.ts';
import { readTranslations, writeTranslations } from '../admin/translations.ts';
import { appendAudit, type Writer } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import { ApiError, InsufficientPointsError, msg } from '../errors.ts';
import { reversalKeyOf } from '../challenges/challenge.award.ts';
import { award, reverse, spend } from '../ledger/ledger.ts';
import { balancesAfter, findEntryOf } from '../ledger/ledger.repository.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { dateInTimeZone } from '../users/age.ts';
import * as repo from './adjustment.repository.ts';
import type { Adjustment, AdjustmentInput } from './adjustment.schema.ts';

// Putting a balance right (issue 25): a credit, a debit or the reversal of one award, with a reason the
// supporter reads. Every change goes through the ledger; support's adjustments above the owner's limits
// (per adjustment, per day) wait as `pending` until the owner approves or refuses them.

/** The ledger kind of a credit or a debit; a reversal keeps the award's kind (../ledger/ledger.ts `reverse`). */
export const ADJUSTMENT_KIND = 'adjustment';
/** One day in the club's zone is at most this long ago (a day of 25 hours, plus margin). */
const DAY_LOOKBACK_MS = 26 * 3_600_000;

type Row = repo.AdjustmentRow;
type Listed = Row & { email?: string | null | undefined; first_name?: string | null | undefined; last_name?: string | null | undefined; balance_after?: number | null };

function view(row: Listed, balanceAfter: number | null = row.balance_after ?? null): Adjustment {
  const es = readTranslations(row.translations)['es'];
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || null;
  return {
    id: row.id, userId: row.user_id,
    supporter: row.email ? { email: row.email, name } : null,
    points: Number(row.points), reason: row.reason,
    translations: typeof es?.['reason'] === 'string' ? { es: { reason: es['reason'] } } : {},
    reverses: row.reverses_entry_id, status: row.status,
    requestedBy: { label: row.requested_by_label, role: row.requested_by_role as Adjustment['requestedBy']['role'] },
    decidedBy: row.decided_by_label, decidedAt: row.decided_at, ledgerEntryId: row.ledger_entry_id,
    balanceAfter: balanceAfter === null ? null : Number(balanceAfter), createdAt: row.created_at,
  };
}

/** The audit's picture of an adjustment: what it moves, why, and where it stands. */
const audited = (row: Row) => ({
  userId: row.user_id, points: Number(row.points), reason: row.reason, reverses: row.reverses_entry_id, status: row.status,
  requestedBy: row.requested_by_label,
});

/** What the supporter's balances were or are, for the audit's before and after. */
async function balances(db: Db, organizationId: string, userId: string) {
  const supporter = await repo.findSupporter(db, organizationId, userId);
  return supporter ? { points: Number(supporter.points), lifetimePoints: Number(supporter.lifetime_points) } : undefined;
}

/**
 * Writes the adjustment into the ledger (one row, keyed by the adjustment, or by the award a reversal takes
 * back, so no award is ever taken back twice). A debit or reversal that the balance no longer allows is 422.
 */
async function applyToLedger(db: Db, row: Row) {
  try {
    if (row.reverses_entry_id) {
      const awardRow = await findEntryOf(db, row.user_id, row.reverses_entry_id);
      if (!awardRow) throw notAnAward();
      const idempotencyKey = reversalKeyOf(awardRow.idempotency_key, `adjustment-reversal:${awardRow.id}`);
      const result = await reverse(db, { userId: row.user_id, awardKey: awardRow.idempotency_key, idempotencyKey });
      // Taken back already, by another adjustment that won a race, or by a quiz's rules: this one changes nothing.
      if (result.replayed) throw new ApiError('already_reversed', 'api.adjustment.alreadyReversed');
      return result.entry;
    }
    const change = { userId: row.user_id, amount: Math.abs(Number(row.points)), kind: ADJUSTMENT_KIND, reference: row.id, idempotencyKey: `adjustment:${row.id}` };
    return (Number(row.points) > 0 ? await award(db, change) : await spend(db, change)).entry;
  } catch (error) {
    if (!(error instanceof InsufficientPointsError)) throw error;
    const now = await repo.findSupporter(db, row.organization_id, row.user_id);
    throw new ApiError('insufficient_points', msg('api.adjustment.belowZero', { count: Number(now?.points ?? 0) }));
  }
}

const notAnAward = () => new ApiError('validation_failed', 'api.fields.invalid', { reverses: 'api.adjustment.notAnAward' });

/** Whether support's limits let this one apply at once: per adjustment, and the day's total by this operator. */
async function withinLimits(db: Db, writer: Writer, points: number, timeZone: string, now: Date): Promise<boolean> {
  const { actor } = writer;
  if (can(actor.role, 'approve')) return true;
  const { settings } = await loadOrganizationSettings(db, actor.organizationId);
  if (Math.abs(points) > settings.supportAdjustmentLimit) return false;
  const today = dateInTimeZone(now, timeZone);
  const earlier = await repo.listAppliedAtOnceSince(db, actor.id, new Date(now.getTime() - DAY_LOOKBACK_MS).toISOString());
  const spentToday = earlier.filter((r) => dateInTimeZone(new Date(r.created_at), timeZone) === today)
    .reduce((sum, r) => sum + Math.abs(Number(r.points)), 0);
  return spentToday + Math.abs(points) <= settings.supportDailyAdjustmentLimit;
}

export interface AdjustmentRequest {
  userId: string;
  input: AdjustmentInput;
  idempotencyKey: string;
  timeZone: string;
}

/**
 * Credits, debits or reverses, in the caller's transaction: applied at once (the owner's, or support's within
 * the limits) or saved pending. A repeat of the key answers the same adjustment and changes nothing.
 */
export async function requestAdjustment(db: Db, writer: Writer, { userId, input, idempotencyKey, timeZone }: AdjustmentRequest): Promise<Adjustment> {
  const { actor } = writer;
  const earlier = await repo.findAdjustmentByKey(db, actor.organizationId, idempotencyKey);
  if (earlier) {
    const same = earlier.user_id === userId && (input.reverses ? earlier.reverses_entry_id === input.reverses : Number(earlier.points) === input.points);
    if (!same) throw new ApiError('validation_failed', 'api.idempotency.reused');
    writer.unchanged?.();
    const entryIds = earlier.ledger_entry_id ? [earlier.ledger_entry_id] : [];
    const [who, balances] = await Promise.all([repo.findSupporter(db, actor.organizationId, userId), balancesAfter(db, entryIds)]);
    return view({ ...earlier, email: who?.email, first_name: who?.first_name, last_name: who?.last_name }, balances.get(entryIds[0] ?? '') ?? null);
  }
  await repo.lockForAdjustment(db, userId, actor.id);
  const supporter = await repo.findSupporter(db, actor.organizationId, userId);
  if (!supporter) throw new ApiError('not_found', 'api.adjustment.noSupporter');
  let points = input.points ?? 0;
  if (input.reverses) {
    const entry = await findEntryOf(db, userId, input.reverses);
    if (!entry || Number(entry.amount) <= 0) throw notAnAward();
    if (await repo.findReversalOf(db, userId, entry.id)) throw new ApiError('already_reversed', 'api.adjustment.alreadyReversed');
    points = -Number(entry.amount);
  }
  const now = new Date();
  const atOnce = await withinLimits(db, writer, points, timeZone, now);
  const row: Row = {
    id: randomUUID(), organization_id: actor.organizationId, user_id: userId, points, reason: input.reason,
    translations: writeTranslations({ es: { reason: input.translations?.es?.reason?.trim() } }),
    reverses_entry_id: input.reverses ?? null, status: atOnce ? 'applied' : 'pending', idempotency_key: idempotencyKey,
    requested_by_id: actor.id, requested_by_label: actor.label, requested_by_role: actor.role,
    decided_by_label: null, decided_at: null, ledger_entry_id: null, created_at: now.toISOString(),
  };
  await repo.insertAdjustment(db, row);
  const before = { points: Number(supporter.points), lifetimePoints: Number(supporter.lifetime_points) };
  let balanceAfter: number | null = null;
  if (atOnce) {
    const entry = await applyToLedger(db, row);
    row.ledger_entry_id = entry.id;
    balanceAfter = Number(entry.balance_after);
    await repo.setLedgerEntry(db, row.id, entry.id);
  }
  const after = atOnce ? await balances(db, actor.organizationId, userId) : before;
  await appendAudit(db, writer, {
    action: 'member.adjust', kind: 'member', id: userId,
    before, after: { ...after, adjustment: { id: row.id, ...audited(row) } },
  });
  return view({ ...row, email: supporter.email, first_name: supporter.first_name, last_name: supporter.last_name }, balanceAfter);
}

async function pending(db: Db, organizationId: string, id: string) {
  const row = await repo.findAdjustment(db, organizationId, id);
  if (!row) throw new ApiError('not_found', 'api.adjustment.notFound');
  if (row.status !== 'pending') throw new ApiError('adjustment_decided', 'api.adjustment.decided');
  return row;
}

/** The owner applies a pending adjustment through the ledger (422 when the balance no longer allows a debit). */
export async function approveAdjustment(db: Db, writer: Writer, id: string): Promise<Adjustment> {
  const { actor } = writer;
  const row = await pending(db, actor.organizationId, id);
  // Decided first: of two approvals at once, the second waits for this row and finds it decided. A ledger
  // refusal below rolls the decision back with everything else.
  const decided = { status: 'applied' as const, decided_by_label: actor.label, decided_at: new Date().toISOString(), ledger_entry_id: null };
  if (!await repo.decideAdjustment(db, id, decided)) throw new ApiError('adjustment_decided', 'api.adjustment.decided');
  // A reversal taken back meanwhile is refused by the ledger's key (applyToLedger).
  const entry = await applyToLedger(db, row);
  await repo.setLedgerEntry(db, id, entry.id);
  const next = { ...row, ...decided, ledger_entry_id: entry.id };
  await appendAudit(db, writer, { action: 'adjustment.approve', kind: 'adjustment', id, before: audited(row), after: { ...audited(next), balanceAfter: Number(entry.balance_after) } });
  return view(next, Number(entry.balance_after));
}

/** The owner refuses a pending adjustment: nothing reaches the ledger. */
export async function refuseAdjustment(db: Db, writer: Writer, id: string): Promise<Adjustment> {
  const { actor } = writer;
  const row = await pending(db, actor.organizationId, id);
  const decided = { status: 'refused' as const, decided_by_label: actor.label, decided_at: new Date().toISOString(), ledger_entry_id: null };
  if (!await repo.decideAdjustment(db, id, decided)) throw new ApiError('adjustment_decided', 'api.adjustment.decided');
  const next = { ...row, ...decided };
  await appendAudit(db, writer, { action: 'adjustment.refuse', kind: 'adjustment', id, before: audited(row), after: audited(next) });
  return view(next, null);
}

/** The newest adjustments in one status (the owner's queue: pending), with each supporter's address. */
export async function listAdjustments(db: Db, organizationId: string, status: Row['status']): Promise<Adjustment[]> {
  const rows = await repo.listAdjustments(db, organizationId, status, 200);
  const balances = await balancesAfter(db, rows.flatMap((row) => (row.ledger_entry_id ? [row.ledger_entry_id] : [])));
  return rows.map((row) => view({ ...row, balance_after: row.ledger_entry_id ? balances.get(row.ledger_entry_id) ?? null : null } as Listed));
}
