// The measurements of `npm run scale` (scripts/perf/scale.ts) over the built club, in three phases, each on a server
// just started, so that its RSS says what one request adds: the prize's page (five views at once, then big and small
// in turn), a poll vote (the same), the supporter pages and the console; the freeze of the list; the draw, its
// verification and the drawn prize's page. Each answers a Figure with its budget.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../../src/server/db/connection.ts';
import { REPORT_NAMES } from '../../src/server/reports/report.names.ts';
import { root, type RunningServer } from '../../tests/harness/server.ts';
import { load, watchMemory, type Load, type LoadOptions } from './scale-load.ts';
import type { ScaleClub, Side } from './scale-club.ts';

/** Issue 27: every supporter page's p99 at 10 connections. */
const PAGE_P99_MS = 100;
/** A big prize or poll may cost at most this many times the small one (issue 27, as `npm run perf:prize`). */
const MAX_RATIO = 1.5;
const DRAW_BUDGET_S = 10;
const VERIFY_BUDGET_S = 10;
/**
 * What one request may add to the server's RSS: a draw or a page must not hold the whole list (a draw holding a
 * million entries took the process from 194 MB to 1.12 GB). Not less: reading a million rows however it is done
 * grows V8's young generation to its ceiling (about 200 MiB on Node 24; the heap in use after stays about 50 MiB).
 */
const REQUEST_MEMORY_MIB = 256;
/** Votes timed per run (each by a voter of its own), after a tenth as many to warm up. */
const VOTES_PER_RUN = 1_000;

export interface Figure {
  label: string;
  measured: string;
  budget?: string;
  /** null: printed, no budget. */
  ok: boolean | null;
  /** By how much a missed budget was missed. */
  miss?: string;
}

export interface Measurement {
  /** Starts the built server over the club's database, a new process each time. */
  start: () => Promise<RunningServer>;
  db: Db;
  club: ScaleClub;
  seconds: number;
}

const shown = (l: Load) => `${Math.round(l.rps)} req/s, p50 ${l.p50.toFixed(0)} ms, p99 ${l.p99} ms, ${l.cpuMs.toFixed(1)} ms CPU`;
const times = (value: number, budget: number) => `${(value / budget).toFixed(2)}x the budget`;

function p99Figure(label: string, l: Load, budget: number): Figure {
  return { label, measured: shown(l), budget: `p99 < ${budget} ms`, ok: l.p99 < budget, miss: times(l.p99, budget) };
}

/** Two runs merged: requests over time, the mean of the medians, the worse p99. */
function merged(a: Load, b: Load): Load {
  const requests = a.requests + b.requests;
  return {
    rps: requests / (a.requests / a.rps + b.requests / b.rps), p50: (a.p50 + b.p50) / 2, p99: Math.max(a.p99, b.p99), requests,
    cpuMs: (a.cpuMs * a.requests + b.cpuMs * b.requests) / requests,
  };
}

/** Small, big, small, big: both sides meet the same moments of the machine's other work. */
async function inTurn(run: (side: 'small' | 'big') => Promise<Load>): Promise<{ small: Load; big: Load }> {
  const first = { small: await run('small'), big: await run('big') };
  return { small: merged(first.small, await run('small')), big: merged(first.big, await run('big')) };
}

/** The big side's cost per request (1 / req/s) over the small side's. */
function ratioFigure(label: string, sides: { small: Load; big: Load }, small: Side, big: Side): Figure {
  const ratio = sides.small.rps / sides.big.rps;
  return {
    label: `${label}: ${big.size.toLocaleString('en')} / ${small.size.toLocaleString('en')}`,
    measured: `${Math.round(sides.big.rps)} / ${Math.round(sides.small.rps)} req/s: cost ${ratio.toFixed(2)}x`,
    budget: `at most ${MAX_RATIO}x`, ok: ratio <= MAX_RATIO, miss: times(ratio, MAX_RATIO),
  };
}

function memoryFigure(label: string, m: { before: number; peak: number; after: number }): Figure {
  const grew = m.peak - m.before;
  return {
    label, measured: `RSS ${m.before.toFixed(0)} MiB before, ${m.peak.toFixed(0)} at most, ${m.after.toFixed(0)} after (+${grew.toFixed(0)})`,
    budget: `+${REQUEST_MEMORY_MIB} MiB at most`, ok: grew <= REQUEST_MEMORY_MIB, miss: times(grew, REQUEST_MEMORY_MIB),
  };
}

async function request(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (performance.now() - started) / 1000;
}

/** The cursor of the history's 40th page, as "Show older" would have carried 39 times. */
async function deepCursor(origin: string, token: string, pages = 40): Promise<string> {
  let cursor = '';
  for (let page = 1; page < pages; page += 1) {
    const res = await fetch(`${origin}/api/user/me/transactions?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const body = await res.json() as { nextCursor: string | null };
    if (!body.nextCursor) throw new Error(`the history ends at page ${page}`);
    cursor = body.nextCursor;
  }
  return cursor;
}

/** `npm run verify-draw` as a club's supporter runs it, against the server; its time and its own memory. */
async function verifyDraw(origin: string, sweepstakeId: string): Promise<{ seconds: number; verified: boolean; output: string; peak: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/verify-draw.ts'), sweepstakeId, '--url', origin, '--key', 'pk_demo_terrace'], { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const { result: code, peak } = await watchMemory(child.pid!, () => new Promise<number | null>((resolve) => child.once('exit', resolve)));
  return { seconds: (performance.now() - started) / 1000, verified: code === 0 && output.includes('Verified'), output, peak };
}

/** The prize's page and a vote, big and small in turn; the supporter pages; the console. */
async function whileLive(server: RunningServer, { club, seconds }: Measurement, figures: Figure[]): Promise<void> {
  const { origin, pid } = server;
  const fan: LoadOptions = { pid, headers: { cookie: `terrace_session=${club.fan}`, accept: 'text/html' }, seconds };
  const staff: LoadOptions = { pid, headers: { cookie: `terrace_console=${club.staff}`, accept: 'text/html' }, seconds };
  const { small, big } = club;

  // Five views at once of the big prize's page, first thing on a fresh process (issue 27: they took it from 612 MB
  // to 2.24 GB when each view read the whole list).
  const fiveViews = await watchMemory(pid, () => Promise.all(Array.from({ length: 5 }, () => request(`${origin}/sweepstakes/${big.slug}`, { headers: fan.headers! }))));
  figures.push(memoryFigure(`server over five views at once of the big sweepstake page`, fiveViews));
  const live = await inTurn((side) => load(`${origin}/sweepstakes/${club[side].slug}`, fan));
  figures.push(p99Figure(`sweepstake page, live, ${big.size.toLocaleString('en')} entries`, live.big, PAGE_P99_MS));
  figures.push(ratioFigure('sweepstake page, live', live, small, big));
  console.log(`  sweepstake page, live: ${shown(live.big)} / ${shown(live.small)}`);

  let voter = 0;
  const vote = () => {
    const token = club.voters[voter++];
    if (!token) throw new Error('no voter left: raise VOTERS in scale-club.ts');
    return {
      method: 'POST' as const, body: JSON.stringify({ poll: { responseIndex: 0 } }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json', origin, 'idempotency-key': randomUUID() },
    };
  };
  const votes = await inTurn((side) => load(`${origin}/api/challenge/${club[side].pollId}`, { pid, amount: VOTES_PER_RUN, request: vote }));
  figures.push({ label: `poll vote, ${big.size.toLocaleString('en')} answers`, measured: shown(votes.big), ok: null });
  figures.push(ratioFigure('poll vote', votes, small, big));
  console.log(`  poll vote: ${shown(votes.big)} / ${shown(votes.small)}`);

  const page = async (label: string, path: string, options: LoadOptions, budget?: number) => {
    const l = await load(`${origin}${path}`, options);
    figures.push(budget === undefined ? { label, measured: shown(l), ok: null } : p99Figure(label, l, budget));
    console.log(`  ${label}: ${shown(l)}`);
  };
  await page('dashboard, fresh', '/dashboard', fan, PAGE_P99_MS);
  await page('history, first page', '/history', fan, PAGE_P99_MS);
  await page('history, 40th page', `/history?cursor=${encodeURIComponent(await deepCursor(origin, club.fan))}`, fan, PAGE_P99_MS);
  await page('leaderboard, season', '/leaderboards/season', fan, PAGE_P99_MS);
  // The console has no budget under this load (a club has a few staff, not ten at once reading reports): its
  // per-request budgets are perf:reports' and perf:members'. Printed beside the supporters' pages.
  for (const name of REPORT_NAMES) await page(`console report ${name}`, `/admin/reports/${name}`, staff);
  await page('console member search "fan1234"', '/admin/members?q=fan1234', staff);
  await page('console member search "garc"', '/admin/members?q=garc', staff);
}

/** Entries close: the first view after the end freezes the list (its hash and length, once). */
async function freezing(server: RunningServer, { db, club }: Measurement, figures: Figure[]): Promise<void> {
  const { origin, pid } = server;
  const { small, big } = club;
  await db.updateTable('sweepstakes').set({ ends_at: new Date(Date.now() - 1_000).toISOString() }).where('id', 'in', [small.sweepstakeId, big.sweepstakeId]).execute();
  await request(`${origin}/api/sweepstake/${small.sweepstakeId}`, { headers: bearer(origin, club.fan) });
  const freeze = await watchMemory(pid, () => request(`${origin}/api/sweepstake/${big.sweepstakeId}`, { headers: bearer(origin, club.fan) }));
  figures.push({ label: `the freeze of ${big.size.toLocaleString('en')} entries (once)`, measured: `${freeze.result.toFixed(1)} s`, ok: null });
  figures.push(memoryFigure('server during the freeze', freeze));
  console.log(`  freeze: ${freeze.result.toFixed(1)} s, RSS ${freeze.before.toFixed(0)} → ${freeze.peak.toFixed(0)} MiB`);
}

const bearer = (origin: string, token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json', origin });

/** The draw (the list frozen already), its verification, and the drawn prize's page. */
async function atTheEnd(server: RunningServer, { club, seconds }: Measurement, figures: Figure[]): Promise<void> {
  const { origin, pid } = server;
  const { small, big } = club;
  const draw = (side: Side) => request(`${origin}/api/admin/sweepstakes/${side.sweepstakeId}/draw`, {
    method: 'POST', headers: { ...bearer(origin, club.staff), 'idempotency-key': randomUUID() },
  });
  await draw(small);
  const drawn = await watchMemory(pid, () => draw(big));
  figures.push({
    label: `the draw of ${big.size.toLocaleString('en')} entries`, measured: `${drawn.result.toFixed(1)} s`,
    budget: `< ${DRAW_BUDGET_S} s`, ok: drawn.result < DRAW_BUDGET_S, miss: times(drawn.result, DRAW_BUDGET_S),
  });
  figures.push(memoryFigure('server during the draw', drawn));
  console.log(`  draw: ${drawn.result.toFixed(1)} s, RSS ${drawn.before.toFixed(0)} → ${drawn.peak.toFixed(0)} MiB`);
  const verified = await verifyDraw(origin, big.sweepstakeId);
  if (!verified.verified) console.log(verified.output);
  figures.push({
    label: 'npm run verify-draw of it', measured: `${verified.seconds.toFixed(1)} s, ${verified.verified ? 'verified' : 'NOT VERIFIED'}, its RSS at most ${verified.peak.toFixed(0)} MiB`,
    budget: `< ${VERIFY_BUDGET_S} s, verified`, ok: verified.verified && verified.seconds < VERIFY_BUDGET_S, miss: times(verified.seconds, VERIFY_BUDGET_S),
  });
  console.log(`  verify-draw: ${verified.seconds.toFixed(1)} s`);

  const fan: LoadOptions = { pid, headers: { cookie: `terrace_session=${club.fan}`, accept: 'text/html' }, seconds };
  const ended = await inTurn((side) => load(`${origin}/sweepstakes/${club[side].slug}`, fan));
  figures.push(p99Figure(`sweepstake page, drawn, ${big.size.toLocaleString('en')} entries`, ended.big, PAGE_P99_MS));
  figures.push(ratioFigure('sweepstake page, drawn', ended, small, big));
}

export async function measureClub(measurement: Measurement): Promise<Figure[]> {
  const figures: Figure[] = [];
  console.log('measuring');
  for (const phase of [whileLive, freezing, atTheEnd]) {
    const server = await measurement.start();
    try {
      await phase(server, measurement, figures);
    } catch (error) {
      console.error(`--- server output ---\n${server.log().slice(-4_000)}`);
      throw error;
    } finally {
      await server.stop();
    }
  }
  return figures;
}
