// `npm run perf:members`: the console's supporter lookups and the ledger export at a club's size (issue 25). On a
// fresh PostgreSQL database it builds the club of scripts/perf/big-club.ts (a million supporters, thirty million
// ledger rows; times --scale), then times, median of 5 after one warm-up:
//   - member search (e-mail, first name, last name and username prefixes, an exact id): budget 50 ms each;
//   - a supporter's console page (profile, consents, balances, ledger page, entries, badges, sessions): 100 ms;
//   - the ledger CSV of the last 30 days, streamed and read to its end: its rows, its time, and the memory it
//     keeps alive (the heap after a collection) at the start and at its most; budget: at most 64 MiB more.
// Exits 1 when a budget is missed.
//
//   npm run perf:members -- [--scale 1] [--keep]       PostgreSQL from REPORTS_DATABASE_URL or TEST_DATABASE_URL
//   npm run perf:members -- --measure URL              times again on a database a --keep run left
import type { Db } from '../../src/server/db/connection.ts';
import { ledgerCsv } from '../../src/server/exports/export.service.ts';
import { searchMembers, viewMember } from '../../src/server/members/member.service.ts';
import { cliActor } from '../../src/server/testing/operators.ts';
import { medianMs, runOverBigClub } from './big-club.ts';

const SEARCH_BUDGET_MS = 50;
const PAGE_BUDGET_MS = 100;
const MEMORY_BUDGET_MIB = 64;
const MIB = 1024 * 1024;


function line(label: string, ms: number, budget: number): boolean {
  const over = ms > budget;
  console.log(`${label.padEnd(34)} ${`${ms.toFixed(1)} ms`.padStart(10)}   budget ${budget} ms${over ? '  OVER' : ''}`);
  return !over;
}

/**
 * Reads the ledger CSV of the last 30 days to its end. Memory is measured as what stays alive: the heap after a
 * full collection, every 50 chunks (RSS only says how far V8 let its heap grow before collecting, not what the
 * export holds); the budget is that live memory not growing with the rows.
 */
async function streamMonth(db: Db, org: string): Promise<boolean> {
  const live = () => {
    globalThis.gc?.();
    return process.memoryUsage().heapUsed;
  };
  const start = live();
  let peak = start;
  let rssPeak = process.memoryUsage().rss;
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  const period = { from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date().toISOString() };
  for await (const chunk of ledgerCsv(db, org, period)) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
    chunks += 1;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    if (chunks % 50 === 0) peak = Math.max(peak, live());
  }
  const seconds = (performance.now() - started) / 1000;
  const growth = (peak - start) / MIB;
  const ok = growth <= MEMORY_BUDGET_MIB;
  console.log(`ledger CSV, last 30 days: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / MIB).toFixed(0)} MiB in ${seconds.toFixed(1)} s `
    + `(${Math.round((lines - 1) / seconds).toLocaleString('en')} rows/s); live heap ${(start / MIB).toFixed(0)} MiB at the start, at most `
    + `${(peak / MIB).toFixed(0)} MiB while streaming: +${growth.toFixed(1)} MiB (budget ${MEMORY_BUDGET_MIB}); RSS peak ${(rssPeak / MIB).toFixed(0)} MiB${ok ? '' : '  OVER'}`);
  return ok;
}

async function measure(db: Db, org: string): Promise<boolean> {
  const writer = { actor: await cliActor(db) };
  // A supporter with a year of history (ids of the built club run from perf-1).
  const busy = (await db.selectFrom('ledger_entries').select('user_id').where('user_id', 'like', 'perf-%').limit(1).executeTakeFirstOrThrow()).user_id;
  let ok = true;
  console.log('');
  for (const [label, q] of [['search: e-mail prefix "fan1234"', 'fan1234'], ['search: first name "luc"', 'luc'], ['search: last name "garc"', 'garc'],
    ['search: username "fan_99"', 'fan_99'], ['search: an id', busy], ['search: "a" (one letter)', 'a']] as const) {
    ok = line(label, await medianMs(() => searchMembers(db, org, q)), SEARCH_BUDGET_MS) && ok;
  }
  ok = line("a supporter's page", await medianMs(() => viewMember(db, writer, busy)), PAGE_BUDGET_MS) && ok;
  ok = (await streamMonth(db, org)) && ok;
  console.log(ok ? '\nevery budget met' : '\nsome budget missed');
  return ok;
}

runOverBigClub('members', measure);
