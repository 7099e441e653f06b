import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import { findOperatorByEmail } from '../operators/operator.repository.ts';
import { AccountBlockedError, ApiError, InsufficientPointsError, msg } from '../errors.ts';
import { spend, type LedgerResult } from '../ledger/ledger.ts';
import { isUnderage } from '../users/age.ts';
import { earnFirstEntryBadge } from '../badges/badge.service.ts';
import { firstEntryMoment } from '../moments/moments.ts';
import type { Moment } from '../moments/moment.schema.ts';
import { standingAfter } from '../users/standing.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Standing } from '../users/standing.schema.ts';
import { findUserHeld, findUserPoints } from '../users/user.repository.ts';
import { addTickets, findEntryByRequest, findSweepstakeRowById, FREE_REQUEST, hasEarlierEntry, holdingIn, insertEntry } from './sweepstake.repository.ts';
import { requireSweepstake } from './sweepstake.service.ts';
import type { SweepstakeEntryTable, SweepstakeTable } from './sweepstake.table.ts';
import { statusOf } from './sweepstake.view.ts';

/** Entry spends are ledger entries of kind `sweepstake_entry` referencing the sweepstake, keyed per request. */
const ENTRY_KIND = 'sweepstake_entry';
const spendKey = (sweepstakeId: string, requestKey: string) => `sweepstake:${sweepstakeId}:${requestKey}`;
/** An opaque id: 12 random bytes as hex (entries and holders alike). */
export const opaqueId = () => randomBytes(12).toString('hex');

export interface Entering {
  organizationId: string;
  userId: string;
  timeZone: string;
  /** The caller's language: the answer's rank names and moments are in it. */
  locale?: Locale | undefined;
}

export interface EntryResult {
  sweepstakeId: string;
  entryId: string;
  /** Tickets this request added, and the points it spent (0 for the free entry). */
  tickets: number;
  pointsSpent: number;
  /** The supporter's tickets in this sweepstake now, and how many more they may add. */
  entryCount: number;
  remaining: number;
  freeEntryUsed: boolean;
  standing: Standing;
}

type Row = Selectable<SweepstakeTable>;

/** Refuses a supporter under 18 (403) and a sweepstake that is not live (422), each with the reason. */
function assertMayEnter(row: Row, birthday: string | null, timeZone: string, now: Date): void {
  // Without a birthday the under-18 rules apply: the refusal says how to lift them.
  if (isUnderage(birthday, timeZone, now)) throw new ApiError('forbidden', birthday ? 'api.sweepstakes.underage' : 'api.sweepstakes.birthdayMissing');
  if (row.cancelled_at) throw new ApiError('sweepstake_closed', 'api.sweepstakes.cancelled');
  const status = statusOf(row, now);
  if (status === 'coming_soon') throw new ApiError('sweepstake_closed', 'api.sweepstakes.notYet');
  if (status === 'ended') throw new ApiError('sweepstake_closed', 'api.sweepstakes.ended');
}

/** `holding`: the supporter's tickets in the sweepstake with this entry's, and whether the free one is among them. */
async function resultOf(
  trx: Db, caller: Entering, row: Row, entry: Selectable<SweepstakeEntryTable>, holding: { tickets: number; free: boolean },
  paid: LedgerResult | null, moments: Moment[] = [],
): Promise<EntryResult> {
  return {
    sweepstakeId: row.id, entryId: entry.id, tickets: Number(entry.tickets), pointsSpent: Number(entry.points_spent),
    entryCount: holding.tickets, remaining: Math.max(0, Number(row.max_entries_per_supporter) - holding.tickets),
    freeEntryUsed: holding.free, standing: await standingAfter(trx, caller, paid, moments),
  };
}

/**
 * Enters `tickets` tickets in one transaction (the caller opens it), the same request key again answering the first
 * entry, unchanged. The supporter's row is held first (PostgreSQL), so one supporter's entries run one after another
 * and the cap, the free entry and the first entry are decided on what the earlier ones left; then the spend (a paid
 * entry) through the ledger and the entry row. The sweepstake's row is taken last, by counting the tickets: held from
 * there to the commit, so entries to a popular prize wait for each other only for the commit, and a freeze or a
 * cancellation committed meanwhile refuses the entry, which rolls back whole.
 */
async function enter(trx: Db, caller: Entering, idOrSlug: string, tickets: number, requestKey: string, now: Date): Promise<EntryResult> {
  const row = await requireSweepstake(trx, caller.organizationId, idOrSlug);
  const user = await findUserHeld(trx, caller.userId);
  if (!user) throw new ApiError('unauthorized', 'api.auth.accountGone');
  const earlier = await findEntryByRequest(trx, row.id, caller.userId, requestKey);
  // A repeated request answers its first entry; a second free entry is refused below, as the rules say.
  if (earlier && requestKey !== FREE_REQUEST) return resultOf(trx, caller, row, earlier, await holdingIn(trx, row.id, caller.userId), null);
  // The club's staff draw the winners: they take no part (DESIGN.md, "The operator side").
  if (await findOperatorByEmail(trx, caller.organizationId, user.email)) throw new ApiError('forbidden', 'api.sweepstakes.staff');
  // Free entries too: a supporter the club has blocked enters nothing (the ledger refuses their spends).
  if (user.blocked_at) throw new AccountBlockedError();
  assertMayEnter(row, user.birthday, caller.timeZone, now);
  const held = await holdingIn(trx, row.id, caller.userId);
  if (requestKey === FREE_REQUEST && held.free) throw new ApiError('free_entry_used', 'api.sweepstakes.freeUsed');
  const remaining = Number(row.max_entries_per_supporter) - held.tickets;
  if (tickets > remaining) {
    throw new ApiError('entry_limit_reached', remaining > 0 ? msg('api.sweepstakes.onlyMore', { count: remaining }) : 'api.sweepstakes.limitReached');
  }
  const cost = requestKey === FREE_REQUEST ? 0 : tickets * Number(row.cost_per_entry);
  const ledgerKey = cost > 0 ? spendKey(row.id, requestKey) : null;
  let paid: LedgerResult | null = null;
  if (ledgerKey) {
    paid = await spend(trx, { userId: caller.userId, amount: cost, kind: ENTRY_KIND, reference: row.id, idempotencyKey: ledgerKey })
      .catch(async (error: unknown) => {
        if (!(error instanceof InsufficientPointsError)) throw error;
        const balance = Number((await findUserPoints(trx, caller.userId))?.points ?? 0);
        throw new InsufficientPointsError(cost, Math.max(1, cost - balance));
      });
  }
  const entry = {
    id: opaqueId(), sweepstake_id: row.id, user_id: caller.userId, holder: held.holder ?? opaqueId(),
    tickets, points_spent: cost, request_key: requestKey, ledger_key: ledgerKey, refunded_at: null, created_at: now.toISOString(),
  };
  // Read before the row goes in: no earlier entry in any of the club's sweepstakes makes this the first.
  const first = !(await hasEarlierEntry(trx, caller.userId));
  await insertEntry(trx, entry);
  const moments = first ? [await firstEntryMoment(trx, caller.organizationId), ...await earnFirstEntryBadge(trx, caller, now)] : [];
  // The supporter's row is held: no other entry of theirs went in since `held` was read.
  const holding = { tickets: held.tickets + tickets, free: held.free || requestKey === FREE_REQUEST };
  const result = await resultOf(trx, caller, row, entry, holding, paid, moments);
  if (!(await addTickets(trx, row.id, tickets))) {
    const closed = await findSweepstakeRowById(trx, row.id);
    throw new ApiError('sweepstake_closed', closed?.cancelled_at ? 'api.sweepstakes.cancelled' : 'api.sweepstakes.ended');
  }
  return result;
}

/**
 * POST /sweepstake/{id}/entry, in the caller's transaction: `count` paid tickets; `requestKey` is the Idempotency-Key,
 * or a fresh id. A parallel send of the same key may win the race: this one then fails on a unique key, and its
 * caller runs it once more (retryOnceIfRaceLost) to answer as the replay it is.
 */
export function enterSweepstake(trx: Db, caller: Entering, idOrSlug: string, count: number, requestKey: string | undefined, now = new Date()) {
  const key = requestKey ? `request:${requestKey}` : `batch:${opaqueId()}`;
  return enter(trx, caller, idOrSlug, count, key, now);
}

/** POST /sweepstake/{id}/free-entry, in the caller's transaction: one ticket, no points, once per supporter (it counts toward the cap). */
export function enterForFree(trx: Db, caller: Entering, idOrSlug: string, now = new Date()) {
  return enter(trx, caller, idOrSlug, 1, FREE_REQUEST, now);
}
