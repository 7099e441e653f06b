import { csvLine } from '../csv.ts';
import type { Db } from '../db/connection.ts';
import { listEntriesOfPeriod } from '../ledger/ledger.repository.ts';
import { memberRows, type After, type Period } from './export.repository.ts';

/** Rows read per query: memory holds one page, whatever the export's size. */
export const EXPORT_PAGE = 1_000;

interface Row { id: string; created_at: string }

/**
 * A CSV streamed page by page: each pull reads the next page after the last row sent (keyset, never
 * OFFSET), so a million rows cost one page of memory, and no transaction or connection is held between pages.
 */
function csvStream<R extends Row>(header: readonly string[], page: (after: After | undefined) => Promise<R[]>, cells: (row: R) => unknown[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: After | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(header)));
    },
    async pull(controller) {
      if (done) return;
      const rows = await page(after);
      if (rows.length) {
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(cells(row))).join('')));
        const last = rows.at(-1)!;
        after = { createdAt: last.created_at, id: last.id };
      }
      if (rows.length < EXPORT_PAGE) {
        done = true;
        controller.close();
      }
    },
  }, { highWaterMark: 1 });
}

const MEMBER_COLUMNS = ['id', 'email', 'username', 'first_name', 'last_name', 'points', 'lifetime_points', 'joined_at', 'blocked_at'] as const;
const LEDGER_COLUMNS = ['id', 'at', 'supporter_id', 'email', 'kind', 'reference', 'amount', 'balance_after', 'lifetime_after'] as const;

export function membersCsv(db: Db, organizationId: string, period: Period): ReadableStream<Uint8Array> {
  return csvStream(MEMBER_COLUMNS, (after) => memberRows(db, organizationId, period, after, EXPORT_PAGE),
    (r) => [r.id, r.email, r.username, r.first_name, r.last_name, r.points, r.lifetime_points, r.created_at, r.blocked_at]);
}

export function ledgerCsv(db: Db, organizationId: string, period: Period): ReadableStream<Uint8Array> {
  return csvStream(LEDGER_COLUMNS, (after) => listEntriesOfPeriod(db, organizationId, period, after, EXPORT_PAGE),
    (r) => [r.id, r.created_at, r.user_id, r.email, r.kind, r.reference, r.amount, r.balance_after, r.lifetime_after]);
}
