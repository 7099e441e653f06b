import type { Selectable } from 'kysely';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { refund } from '../ledger/ledger.ts';
import { log } from '../log.ts';
import { listBlockedHolders } from '../members/block.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { fetchBeacon } from './sweepstake.beacon.ts';
import { drawWinnersPaged, type PagedList, type PublishedEntry } from './sweepstake.draw.ts';
import { winnerMail } from './sweepstake.mail.ts';
import {
  claimWinnerMail, entryPage, entryPageMap, findSweepstakeRowById, findWinnerContacts, insertWinners, listEntryRows, listWinnerRows, markCancelled,
  markDrawn, markNotified, markRefunded, ownEntryRows, releaseWinnerMail,
} from './sweepstake.repository.ts';
import { freezeIfDue } from './sweepstake.service.ts';
import type { SweepstakeTable } from './sweepstake.table.ts';
import { publicName } from './sweepstake.view.ts';

type Row = Selectable<SweepstakeTable>;
const REFUND_KIND = 'sweepstake_refund';
const refundKey = (entryId: string) => `sweepstake-refund:${entryId}`;

export interface DrawResult {
  sweepstakeId: string;
  drawnAt: string;
  seed: string;
  commitment: string;
  entriesHash: string;
  beacon: { url: string; round: number; value: string } | null;
  winners: Array<{ position: number; name: string | null; holder: string; entryId: string; ticket: number; notified: boolean }>;
}

async function requireById(db: Db, id: string): Promise<Row> {
  const row = await findSweepstakeRowById(db, id);
  if (!row) throw new ApiError('not_found', 'api.sweepstakes.notFound');
  return row;
}

/** Entries a page of the draw's map of the list: the draw holds one page and the winners' entries at a time. */
const DRAW_PAGE = 5_000;

/** The frozen list as the draw reads it: a map of its pages, one page when asked, a winner's own entries by index. */
async function pagedList(db: Db, row: Row, size: number): Promise<PagedList<PublishedEntry & { userId: string }>> {
  const pages = await entryPageMap(db, row.id, size);
  const thin = pages.find((p) => p.fewest < 1);
  if (thin) throw new Error(`an entry of ${row.id} between ${thin.first} and ${thin.last} holds ${thin.fewest} tickets`);
  return {
    pages,
    read: async (page) => (await entryPage(db, row.id, page === 0 ? undefined : pages[page - 1]!.last, size))
      .map((e) => ({ entryId: e.id, holder: e.holder, tickets: Number(e.tickets), userId: e.user_id })),
    // A holder is one supporter's in one sweepstake (sweepstake.entry.ts): their entries, from the index on the supporter.
    entriesOfHolder: async (winner) => (await ownEntryRows(db, row.id, winner.userId))
      .map((e) => ({ entryId: e.id, holder: e.holder, tickets: Number(e.tickets) })),
  };
}

/**
 * Draws the winners once, in one transaction: a second call (or one racing it) finds the draw made. The list is
 * read a page at a time (drawWinnersPaged): a million entries cost one pass of the index and a few pages, and no
 * more memory than a page.
 */
export async function drawWinnersOnce(db: Db, row: Row, now: Date, pageSize = DRAW_PAGE): Promise<void> {
  const beaconValue = row.beacon_url && row.beacon_round !== null
    ? row.beacon_value ?? await fetchBeacon(row.beacon_url, Number(row.beacon_round))
    : null;
  if (!row.entries_hash) throw new Error(`sweepstake ${row.id} is drawn before its list froze`);
  const listHash = row.entries_hash;
  await db.transaction().execute(async (trx) => {
    // A supporter the club has blocked cannot win: the draw runs on over the published list, as many rounds
    // more as there are blocked holders, and each blocked winner's place goes to the next one drawn. With no
    // blocked winner the result is the plain draw's (its first rounds are the same whatever the count).
    const blocked = await listBlockedHolders(trx, row.id);
    const winnerCount = Number(row.winner_count);
    const drawn = await drawWinnersPaged({ seed: row.seed, listHash, winnerCount: winnerCount + blocked.size, beacon: beaconValue }, await pagedList(trx, row, pageSize));
    const winners = drawn.filter((w) => !blocked.has(w.holder)).slice(0, winnerCount).map((w, i) => ({ ...w, position: i + 1 }));
    if (!(await markDrawn(trx, row.id, now.toISOString(), beaconValue))) return;
    const contacts = new Map((await findWinnerContacts(trx, winners.map((w) => w.entry.userId))).map((u) => [u.id, u]));
    await insertWinners(trx, winners.map((w) => {
      const userId = w.entry.userId;
      const contact = contacts.get(userId);
      return {
        sweepstake_id: row.id, position: w.position, entry_id: w.entryId, holder: w.holder, user_id: userId, ticket: w.ticket,
        display_name: publicName(contact?.first_name ?? null, contact?.last_name ?? null), notified_at: null, mail_claimed_at: null,
      };
    }));
  });
}

/**
 * A claim on a winner's e-mail older than this was left by a process that stopped mid-send: the mailer gives up on
 * a send well within it (src/server/mail/mailer.ts: 10 s to connect, 10 s to greet, 30 s of silence).
 */
const MAIL_CLAIM_MS = 5 * 60 * 1000;

/**
 * Mails every winner not yet told, each by the one call that claims it (two draw calls at once mail nobody twice);
 * a failed delivery gives its claim back, so the next draw call tries again.
 */
async function notifyWinners(db: Db, mailer: Mailer, row: Row, locale: Locale, publicUrl: string): Promise<void> {
  const pending = (await listWinnerRows(db, [row.id])).filter((w) => !w.notified_at);
  if (pending.length === 0) return;
  const [{ organization, settings }, contacts] = await Promise.all([
    loadOrganizationSettings(db, row.organization_id), findWinnerContacts(db, pending.map((w) => w.user_id)),
  ]);
  for (const winner of pending) {
    const contact = contacts.find((u) => u.id === winner.user_id);
    if (!contact) continue;
    const position = Number(winner.position);
    const now = new Date();
    const claimedAt = now.toISOString();
    if (!(await claimWinnerMail(db, row.id, position, claimedAt, new Date(now.getTime() - MAIL_CLAIM_MS).toISOString()))) continue;
    try {
      await mailer.send(await winnerMail({
        to: contact.email, locale, firstName: contact.first_name, sweepstake: row, link: `${publicUrl}/sweepstakes/${row.slug}`,
        club: { name: organization.name, theme: settings.theme },
      }));
      await markNotified(db, row.id, position, new Date().toISOString());
    } catch {
      // The mailer logged why (without the address); the draw stands and the next call retries.
      log.warn({ sweepstakeId: row.id, position }, 'winner mail not sent');
      await releaseWinnerMail(db, row.id, position, claimedAt);
    }
  }
}

export interface OperatorContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  locale: Locale;
}

/**
 * After `ends_at`: freezes the entry list if no request has yet, reveals the seed and draws the winners
 * (once), mails them, and answers the draw. Calling it again answers the same draw.
 */
export async function drawSweepstake(ctx: OperatorContext, id: string, now = new Date()): Promise<DrawResult> {
  let row = await requireById(ctx.db, id);
  if (row.cancelled_at) throw new ApiError('draw_not_allowed', 'api.sweepstakes.drawCancelled');
  if (Number(row.draft) === 1 || row.archived_at) throw new ApiError('draw_not_allowed', 'api.club.drawUnpublished');
  if (now.toISOString() < row.ends_at) throw new ApiError('draw_not_allowed', 'api.sweepstakes.drawTooEarly');
  row = await freezeIfDue(ctx.db, row, now);
  if (!row.drawn_at) await drawWinnersOnce(ctx.db, row, now);
  row = await requireById(ctx.db, id);
  await notifyWinners(ctx.db, ctx.mailer, row, ctx.locale, ctx.publicUrl);
  const winners = await listWinnerRows(ctx.db, [row.id]);
  return {
    sweepstakeId: row.id, drawnAt: row.drawn_at!, seed: row.seed, commitment: row.commitment, entriesHash: row.entries_hash!,
    beacon: row.beacon_url && row.beacon_round !== null && row.beacon_value
      ? { url: row.beacon_url, round: Number(row.beacon_round), value: row.beacon_value }
      : null,
    winners: winners.map((w) => ({
      position: Number(w.position), name: w.display_name, holder: w.holder, entryId: w.entry_id, ticket: Number(w.ticket), notified: !!w.notified_at,
    })),
  };
}

export interface CancelResult {
  sweepstakeId: string;
  cancelledAt: string;
  /** Paid entries given back by this call (0 on a repeat), and their points. */
  refundedEntries: number;
  refundedPoints: number;
}

/**
 * Cancels a sweepstake not yet drawn and gives every paid entry its points back through the ledger, each
 * under its own key (`sweepstake-refund:<entry id>`): a repeat, or a call resumed after a crash, refunds
 * only what was not refunded yet, and never twice.
 */
export async function cancelSweepstake(db: Db, id: string, now = new Date()): Promise<CancelResult> {
  const row = await requireById(db, id);
  if (row.drawn_at) throw new ApiError('draw_not_allowed', 'api.sweepstakes.cancelDrawn');
  if (!row.cancelled_at && !(await markCancelled(db, row.id, now.toISOString()))) {
    throw new ApiError('draw_not_allowed', 'api.sweepstakes.cancelDrawn');
  }
  let refundedEntries = 0;
  let refundedPoints = 0;
  for (const entry of await listEntryRows(db, row.id)) {
    if (!entry.ledger_key || Number(entry.points_spent) <= 0) continue;
    const result = await db.transaction().execute(async (trx) => {
      const given = await refund(trx, { userId: entry.user_id, spendKey: entry.ledger_key!, kind: REFUND_KIND, idempotencyKey: refundKey(entry.id) });
      await markRefunded(trx, entry.id, now.toISOString());
      return given;
    });
    if (!result.replayed) {
      refundedEntries += 1;
      refundedPoints += Number(result.entry.amount);
    }
  }
  const cancelledAt = (await requireById(db, id)).cancelled_at!;
  return { sweepstakeId: row.id, cancelledAt, refundedEntries, refundedPoints };
}
