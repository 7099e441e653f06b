// What the fuzz saw: requests, answers per status class, every distinct 5xx and every request left
// without an answer. A finding is one kind of input (a header, a path value, a body field) with the
// routes it broke and one full example to replay by hand.
import type { FuzzRequest, Outcome } from '../harness/http.ts';

interface Finding {
  status: number | string;
  routes: Set<string>;
  count: number;
  example: { method: string; path: string; label: string; sample: string };
}

const SHOWN_PATH = 160;
const SHOWN_ROUTES = 6;

export class Tally {
  requests = 0;
  unsent = 0;
  slowest = 0;
  readonly classes = new Map<string, number>();
  readonly serverErrors = new Map<string, Finding>();
  readonly unanswered = new Map<string, Finding>();
  /** Answers that are not errors but must not happen (a protected page served anonymously). */
  readonly violations = new Map<string, Finding>();
  /** API refusals without the `{error:{code,message,requestId}}` shape: listed, not counted as failures. */
  readonly shapeless = new Map<string, Finding>();
  /** One line per request (group, status, method, path, input), written beside the server log. */
  readonly journal: string[] = [];

  record(req: FuzzRequest, outcome: Outcome, group: string): void {
    if (outcome.kind === 'unsent') {
      this.unsent += 1;
      return;
    }
    this.requests += 1;
    this.journal.push(`${group}\t${outcome.kind === 'answer' ? outcome.status : outcome.reason}\t${req.method} ${JSON.stringify(cut(req.path))}\t${req.label}`);
    this.slowest = Math.max(this.slowest, outcome.ms);
    if (outcome.kind === 'none') {
      this.recordUnanswered(req, outcome.reason, group);
      return;
    }
    const cls = `${Math.floor(outcome.status / 100)}xx`;
    this.classes.set(cls, (this.classes.get(cls) ?? 0) + 1);
    if (outcome.status >= 400 && req.path.startsWith('/api') && !hasErrorShape(outcome.sample)) {
      add(this.shapeless, `${outcome.status} ${outcome.sample.slice(0, 30)}`, req, outcome.status, outcome.sample);
    }
    if (req.refuse2xx && outcome.status >= 200 && outcome.status < 300) {
      add(this.violations, `${group} ${req.refuse2xx}: ${kindOf(req)}`, req, outcome.status, outcome.sample);
    }
    if (outcome.status >= 500) add(this.serverErrors, `${group} ${outcome.status} ${kindOf(req)}`, req, outcome.status, outcome.sample);
  }

  /** A request without an answer (also one found outside a single exchange, e.g. a stalled keep-alive connection). */
  recordUnanswered(req: FuzzRequest, reason: string, group: string): void {
    add(this.unanswered, `${group} ${kindOf(req)} ${reason}`, req, reason, '');
  }

  get failed(): boolean {
    return this.serverErrors.size > 0 || this.unanswered.size > 0 || this.violations.size > 0;
  }

  print(title: string, seconds: number): void {
    const classes = [...this.classes].sort().map(([cls, n]) => `${cls} ${n}`).join(', ');
    const total = (map: Map<string, Finding>) => [...map.values()].reduce((n, f) => n + f.count, 0);
    console.log(`\n${title}: ${this.requests} requests in ${seconds.toFixed(1)} s (${classes}); slowest answer ${this.slowest} ms`);
    if (this.unsent) console.log(`  ${this.unsent} generated requests were not sendable by node:http and were skipped`);
    console.log(`  5xx answers: ${total(this.serverErrors)} (${this.serverErrors.size} distinct); `
      + `without an answer: ${total(this.unanswered)} (${this.unanswered.size} distinct); `
      + `protected pages served anonymously: ${total(this.violations)} (${this.violations.size} distinct)`);
    for (const [key, f] of this.serverErrors) print('5xx', key, f);
    for (const [key, f] of this.unanswered) print('NO ANSWER', key, f);
    for (const [key, f] of this.violations) print('VIOLATION', key, f);
    if (this.shapeless.size) console.log(`  notice (not a failure): ${this.shapeless.size} kind(s) of API refusal without the JSON error shape`);
    for (const [key, f] of this.shapeless) print('  no JSON error shape', key, f);
  }
}

/** What the input was: generated cases vary everything, so each of their routes is its own finding. */
function kindOf(req: FuzzRequest): string {
  const kind = req.kind ?? req.label;
  return kind.startsWith('generated') ? `${kind} ${req.method} ${req.route ?? req.path}` : kind;
}

function add(map: Map<string, Finding>, key: string, req: FuzzRequest, status: number | string, sample: string): void {
  const found = map.get(key) ?? { status, routes: new Set(), count: 0, example: { method: req.method, path: req.path, label: req.label, sample } };
  found.count += 1;
  found.routes.add(`${req.method} ${req.route ?? req.path}`);
  map.set(key, found);
}

function cut(path: string): string {
  return path.length > SHOWN_PATH ? `${path.slice(0, SHOWN_PATH)}… (${path.length} chars)` : path;
}

function print(kind: string, key: string, f: Finding): void {
  const routes = [...f.routes];
  const shown = routes.slice(0, SHOWN_ROUTES).join(', ') + (routes.length > SHOWN_ROUTES ? `, … (${routes.length} routes)` : '');
  console.log(`  ${kind} ${f.status} ×${f.count}  [${key.replace(/^\S+ /, '').slice(0, 120)}]  on ${shown}`);
  console.log(`      e.g. ${f.example.method} ${JSON.stringify(cut(f.example.path)).slice(1, -1)}  (${f.example.label.slice(0, 300)})`);
  if (f.example.sample) console.log(`      answer: ${f.example.sample.replace(/\s+/g, ' ').slice(0, 160)}`);
}

function hasErrorShape(sample: string): boolean {
  if (sample.length >= 300) return true; // cut off: cannot tell, and error bodies are short
  try {
    const error = (JSON.parse(sample) as { error?: Record<string, unknown> }).error;
    return typeof error?.['code'] === 'string' && typeof error['message'] === 'string' && typeof error['requestId'] === 'string';
  } catch {
    return false;
  }
}
