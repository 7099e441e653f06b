// How `npm run peak` prints a burst, a cost and the budgets (issue 27) it checks.
import type { BurstResult } from './peak-burst.ts';
import type { PhaseCost } from './peak-cost.ts';

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

const ms = (value: number) => (value === Infinity ? 'never' : value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);
const per = (total: number | undefined, actions: number) => (total === undefined ? 'unknown' : `${(total / actions).toFixed(2)} ms`);

export function latencies(result: BurstResult): number[] {
  return [...result.latencies.checkin, ...result.latencies.vote].sort((a, b) => a - b);
}

export function credited(result: BurstResult): number[] {
  return [...result.credited].sort((a, b) => a - b);
}

export function costLine(cost: PhaseCost, actions: number): string {
  const background = cost.postgresBackgroundMs === undefined ? '' : ` (+${per(cost.postgresBackgroundMs, actions)} in its background processes)`;
  const statements = cost.statementsMs === undefined ? '' : `, statements' execution ${per(cost.statementsMs, actions)}`;
  return `Node ${per(cost.appMs, actions)} (${(cost.appWrites / actions).toFixed(1)} writes)   PostgreSQL ${per(cost.postgresMs, actions)}${background}${statements}`
    + `   nginx ${per(cost.nginxMs, actions)}   load generator ${per(cost.scriptMs, actions)}`;
}

export function printBurst(label: string, result: BurstResult, cost: PhaseCost): void {
  const sorted = latencies(result);
  const errors = [...result.errors].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${what}: ${n}`).join(', ');
  const delays = credited(result);
  console.log(`\n${label}`);
  console.log(`  ${result.actions.toLocaleString('en')} actions in ${result.seconds.toFixed(1)} s: ${Math.round(result.actions / result.seconds)} actions/s`
    + `   p50 ${ms(percentile(sorted, 0.5))}   p95 ${ms(percentile(sorted, 0.95))}   p99 ${ms(percentile(sorted, 0.99))}   max ${ms(sorted.at(-1) ?? 0)}`);
  console.log(`  errors: ${errors || 'none'}${result.firstError ? ` (first: ${result.firstError})` : ''}`);
  if (delays.length > 0) {
    console.log(`  crediting delay, answer to award shown by every process (${delays.length} sampled awards):`
      + ` p50 ${ms(percentile(delays, 0.5))}   p95 ${ms(percentile(delays, 0.95))}   max ${ms(delays.at(-1)!)}`);
  }
  console.log(`  CPU per action, the sample's reads included: ${costLine(cost, result.actions)}`);
}

export interface Budget { ok: boolean; line: string }

export function budget(ok: boolean, rule: string, measured: string): Budget {
  return { ok, line: `  ${ok ? 'ok    ' : 'BROKEN'}  ${rule} (${measured})` };
}

/** The budgets of a burst sent as fast as the deployment takes it (issue 27). */
export function fastBudgets(result: BurstResult, where: string): Budget[] {
  const delays = credited(result);
  const errors = [...result.errors.values()].reduce((a, b) => a + b, 0);
  return [
    budget(errors === 0, `${where}, as fast as it takes them: 0 errors`, `${errors}`),
    budget(delays.length > 0 && percentile(delays, 0.95) <= 5_000, `${where}: 95% of sampled awards shown by every process within 5 s`, `p95 ${ms(percentile(delays, 0.95))}`),
    budget(delays.length > 0 && delays.at(-1)! <= 60_000, `${where}: every sampled award shown within 60 s`, `max ${ms(delays.at(-1) ?? Infinity)}`),
  ];
}

/** The budgets of a paced burst (issue 27: at 200 actions/s, p99 under 500 ms). */
export function pacedBudgets(result: BurstResult, where: string, rate: number): Budget[] {
  const p99 = percentile(latencies(result), 0.99);
  const errors = [...result.errors.values()].reduce((a, b) => a + b, 0);
  return [
    budget(errors === 0, `${where}, paced at ${rate} actions/s: 0 errors`, `${errors}`),
    budget(p99 < 500, `${where}, paced at ${rate} actions/s: p99 under 500 ms`, ms(p99)),
  ];
}

/** At most 1.0 ms of Node CPU and 1.0 ms of PostgreSQL CPU per action; an unknown figure is no proof. */
export function costBudgets(action: string, cost: PhaseCost, actions: number): Budget[] {
  const node = cost.appMs / actions;
  const postgres = cost.postgresMs === undefined ? undefined : cost.postgresMs / actions;
  return [
    budget(node <= 1, `${action}: at most 1.0 ms of Node CPU`, `${node.toFixed(2)} ms`),
    budget(postgres !== undefined && postgres <= 1, `${action}: at most 1.0 ms of PostgreSQL CPU`, postgres === undefined ? 'not measured' : `${postgres.toFixed(2)} ms`),
  ];
}
