// What a phase of `npm run peak` cost in CPU: the app processes and nginx from /proc/<pid>/stat, PostgreSQL from
// /proc of the backends serving the database (the server must run on this machine), sampled every 200 ms so a
// backend that ends mid-phase (the pool lets idle connections go) keeps what it used. pg_stat_statements, when
// the server loads it (shared_preload_libraries), adds the statements' execution time: wall time, not CPU.
import pg from 'pg';
import { cpuMs, totalCpuMs, totalWriteCalls } from '../../tests/harness/cpu.ts';

export interface PhaseCost {
  /** CPU ms of the app processes, nginx's master and workers, and this script (the load it generated). */
  appMs: number;
  /** The app processes' write system calls (socket writes, mostly: one per round trip to PostgreSQL, one per answer). */
  appWrites: number;
  nginxMs: number;
  scriptMs: number;
  /** CPU ms of the database's own backends; undefined when PostgreSQL is not on this machine. */
  postgresMs?: number;
  /** The server's background processes (WAL writer, checkpointer, autovacuum…), which serve every database on it. */
  postgresBackgroundMs?: number;
  /** pg_stat_statements' execution and planning time of the database's statements, when loaded. */
  statementsMs?: number;
}

export interface CostMeter {
  /** Where PostgreSQL's figures come from, for the report. */
  source: string;
  measure<T>(pids: { app: number[]; nginx: number[] }, task: () => Promise<T>): Promise<{ result: T; cost: PhaseCost }>;
  close(): Promise<void>;
}

interface Backend { first: number; last: number; background: boolean }

export async function openCostMeter(databaseUrl: string): Promise<CostMeter> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = async () => (await client.query<{ pid: number; background: boolean }>(
    `select pid, backend_type <> 'client backend' as background from pg_stat_activity
     where pid <> pg_backend_pid() and (datname = current_database() or backend_type <> 'client backend')`)).rows;
  const local = (await backends()).some((b) => cpuMs(b.pid) !== undefined);
  let statements = false;
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select 1 from pg_stat_statements limit 1');
    statements = true;
  } catch {
    // Not in shared_preload_libraries: the view refuses to answer.
  }
  const statementsMs = async () => Number((await client.query<{ ms: string }>(
    `select coalesce(sum(total_exec_time + total_plan_time), 0) as ms from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())`)).rows[0]!.ms);
  const source = [
    local ? 'CPU of its backends from /proc' : 'not on this machine: no CPU figure',
    statements ? "and pg_stat_statements' execution time" : '(pg_stat_statements not loaded: shared_preload_libraries)',
  ].join(' ');

  return {
    source,
    async measure(pids, task) {
      const seen = new Map<number, Backend>();
      const sample = async (first: boolean) => {
        for (const { pid, background } of await backends()) {
          const ms = cpuMs(pid);
          if (ms === undefined) continue;
          const known = seen.get(pid);
          // A backend born during the phase counts whole: its connection's start is part of the load.
          if (known) known.last = ms;
          else seen.set(pid, { first: first ? ms : 0, last: ms, background });
        }
      };
      const appBefore = totalCpuMs(pids.app);
      const writesBefore = totalWriteCalls(pids.app);
      const nginxBefore = totalCpuMs(pids.nginx);
      const scriptBefore = process.cpuUsage();
      const statementsBefore = statements ? await statementsMs() : 0;
      if (local) await sample(true);
      let sampling = Promise.resolve();
      const timer = local ? setInterval(() => { sampling = sampling.then(() => sample(false)); }, 200) : undefined;
      const result = await task();
      clearInterval(timer);
      await sampling;
      if (local) await sample(false);
      const script = process.cpuUsage(scriptBefore);
      const sum = (background: boolean) => [...seen.values()].filter((b) => b.background === background).reduce((s, b) => s + b.last - b.first, 0);
      return {
        result,
        cost: {
          appMs: totalCpuMs(pids.app) - appBefore,
          appWrites: totalWriteCalls(pids.app) - writesBefore,
          nginxMs: totalCpuMs(pids.nginx) - nginxBefore,
          scriptMs: (script.user + script.system) / 1000,
          ...(local ? { postgresMs: sum(false), postgresBackgroundMs: sum(true) } : {}),
          ...(statements ? { statementsMs: (await statementsMs()) - statementsBefore } : {}),
        },
      };
    },
    close: () => client.end(),
  };
}
