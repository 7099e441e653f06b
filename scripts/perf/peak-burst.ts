// One match-day burst of `npm run peak` (scripts/perf/peak.ts): every supporter checks in, then votes in the poll,
// each POST with its own Idempotency-Key, the session cookie and a browser's Accept-Encoding, as the app's islands
// send them. Sent as fast as the servers take them (`concurrency` supporters at a time) or paced (supporter i starts
// at i x seconds / M, whatever the answers before: a slow server does not slow the crowd). For a sample of supporters
// each award is then looked for through every app process directly, until all of them show it: the crediting delay.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { decoded } from '../../tests/harness/http.ts';

export interface Supporter { token: string }
export interface Poll { id: string; options: number; value: number }
export type Pace = { kind: 'fast'; concurrency: number } | { kind: 'paced'; seconds: number };
export type Action = 'checkin' | 'vote';

export interface BurstResult {
  actions: number;
  /** From the first request sent to the last action answered. */
  seconds: number;
  latencies: { checkin: number[]; vote: number[] };
  /** `HTTP 502`, `no answer: socket hang up`, `200 awarding nothing`… and how many. */
  errors: Map<string, number>;
  firstError?: string;
  /** Per sampled award: ms from its answer until every process showed it; Infinity when not within CREDIT_LIMIT_MS. */
  credited: number[];
}

/** The budget's "all within 60 s": a sampled award not seen by then counts as never credited. */
export const CREDIT_LIMIT_MS = 60_000;
const SAMPLE = 100;
const TIMEOUT_MS = 60_000;

interface Answer { status: number; text: string }

/** What Chromium sends with every request: the server chooses whether to compress an answer, as it does for a phone. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function call(agent: Agent, origin: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<Answer> {
  const url = new URL(origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: url.hostname, port: url.port, method, path, agent, timeout: TIMEOUT_MS,
      headers: {
        accept: 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING, cookie: `terrace_session=${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'idempotency-key': randomUUID() }),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: decoded(Buffer.concat(chunks), res.headers['content-encoding']) }));
      res.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** What went wrong with an answer, or undefined when it is the award expected; with the lifetime points it reports. */
function judge(answer: Answer): { problem?: string; lifetime?: number } {
  if (answer.status !== 200) {
    const code = /"code":"([a-z_]+)"/.exec(answer.text)?.[1];
    return { problem: `HTTP ${answer.status}${code ? ` ${code}` : ''}` };
  }
  const data = (JSON.parse(answer.text) as { data: { points?: number; pointsAwarded?: number; standing: { lifetimePoints: number } } }).data;
  if ((data.points ?? data.pointsAwarded ?? 0) <= 0) return { problem: '200 awarding nothing' };
  return { lifetime: data.standing.lifetimePoints };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /api/user/me/points on every process until each shows `lifetime`; ms from now, or Infinity. */
async function creditDelay(agent: Agent, observers: string[], token: string, lifetime: number): Promise<number> {
  const answeredAt = performance.now();
  const waiting = new Set(observers);
  while (waiting.size > 0) {
    if (performance.now() - answeredAt > CREDIT_LIMIT_MS) return Infinity;
    for (const origin of [...waiting]) {
      const answer = await call(agent, origin, 'GET', '/api/user/me/points', token).catch(() => undefined);
      if (answer?.status === 200 && (JSON.parse(answer.text) as { data: { lifetime_points: number } }).data.lifetime_points >= lifetime) waiting.delete(origin);
    }
    if (waiting.size > 0) await sleep(20);
  }
  return performance.now() - answeredAt;
}

/**
 * Sends the burst to `origin`; `observers` are the app processes' own addresses, none to skip the crediting delay
 * (its reads would count in a phase's cost). `actions`: what each supporter does, in order.
 */
export async function runBurst(
  origin: string, observers: string[], supporters: Supporter[], poll: Poll, pace: Pace, actions: Action[] = ['checkin', 'vote'],
): Promise<BurstResult> {
  // Open-ended pools: a request waits for the server, never for a free socket here.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const observerAgent = new Agent({ keepAlive: true, maxSockets: 32 });
  const result: BurstResult = { actions: 0, seconds: 0, latencies: { checkin: [], vote: [] }, errors: new Map(), credited: [] };
  const crediting: Array<Promise<void>> = [];
  const step = Math.max(1, Math.floor(supporters.length / SAMPLE));

  const act = async (index: number, kind: Action) => {
    const supporter = supporters[index]!;
    const started = performance.now();
    const outcome = await (kind === 'checkin'
      ? call(agent, origin, 'POST', '/api/checkin', supporter.token, {})
      : call(agent, origin, 'POST', `/api/challenge/${poll.id}`, supporter.token, { poll: { responseIndex: index % poll.options } })
    ).then(judge, (error: Error) => ({ problem: `no answer: ${error.message}` }) as ReturnType<typeof judge>);
    result.latencies[kind].push(performance.now() - started);
    result.actions += 1;
    if (outcome.problem) {
      result.errors.set(outcome.problem, (result.errors.get(outcome.problem) ?? 0) + 1);
      result.firstError ??= `${kind}: ${outcome.problem}`;
    } else if (observers.length > 0 && index % step === 0) {
      crediting.push(creditDelay(observerAgent, observers, supporter.token, outcome.lifetime!).then((ms) => void result.credited.push(ms)));
    }
  };
  const supporterTurn = async (index: number) => {
    for (const kind of actions) await act(index, kind);
  };

  const started = performance.now();
  if (pace.kind === 'fast') {
    let next = 0;
    const worker = async () => {
      while (next < supporters.length) await supporterTurn(next++);
    };
    await Promise.all(Array.from({ length: Math.min(pace.concurrency, supporters.length) }, worker));
  } else {
    const turns: Array<Promise<void>> = [];
    const gapMs = (pace.seconds * 1000) / supporters.length;
    for (let i = 0; i < supporters.length; i += 1) {
      const due = started + i * gapMs;
      if (due > performance.now()) await sleep(due - performance.now());
      turns.push(supporterTurn(i));
    }
    await Promise.all(turns);
  }
  result.seconds = (performance.now() - started) / 1000;
  await Promise.all(crediting);
  agent.destroy();
  observerAgent.destroy();
  return result;
}
