// Building the app and running the real production server (scripts/start.ts) for the measurements.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from './cleanup.ts';

export const root = join(import.meta.dirname, '..', '..');

export function build(): void {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
}

// One way to choose ports for every script (the fuzz, the crash test, the measurements).
export { freePort } from './ports.ts';

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would: nothing is closed cleanly, the database is kept for a restart. */
  kill: () => Promise<void>;
  /** What the server printed so far (shown when something goes wrong). */
  log: () => string;
  /** The server's process id (its CPU time is read from /proc). */
  pid: number;
  /** Its database and secret: a second server given both serves the same supporters (tests/perf/observers.ts). */
  databaseUrl: string;
  appSecret: string;
}

export interface ServerOptions {
  /** A database of the caller's (kept on stop); by default a fresh SQLite file, removed on stop. */
  databaseUrl?: string;
  /** More environment for the server (e.g. the APP_SECRET a restart must keep). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Starts `node scripts/start.ts` on a fresh SQLite database (it migrates and seeds it itself), in
 * production mode as it is deployed: React's development build alone would halve the throughput.
 * Production wants a secret and an SMTP server: `smtpUrl` is the test SMTP server that catches the sign-in code.
 */
export async function startServer(port: number, smtpUrl: string, options: ServerOptions = {}): Promise<RunningServer> {
  const { timeoutMs = 60_000 } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'terrace-perf-'));
  const databaseUrl = options.databaseUrl ?? `file:${join(dataDir, 'perf.db')}`;
  const appSecret = options.env?.['APP_SECRET'] ?? randomBytes(32).toString('hex');
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    // The IPC channel ties the server's life to this process (scripts/start.ts, TERRACE_STOP_WITH_PARENT).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env, TERRACE_STOP_WITH_PARENT: '1', NODE_ENV: 'production', APP_SECRET: appSecret, SMTP_URL: smtpUrl,
      // The origin the clients use, so links and the same-origin check agree with them.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl,
      MEDIA_DIR: join(dataDir, 'media'), ...options.env,
    },
  });
  // The server's own output would interleave with the figures; keep it and show it only on failure.
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { log += chunk.toString(); });

  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    forget();
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C must not leave the server running or its temporary database behind.
  const kill = async () => {
    forget();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const forget = onInterrupt(stop);
  try {
    await waitForReady(origin, child, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log}`);
  }
  return { origin, stop, kill, log: () => log, pid: child.pid!, databaseUrl, appSecret };
}

/** Until GET /api/ready answers 200: the process has warmed its API up (database, jobs) and takes requests. */
async function waitForReady(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited early (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${origin}/api/ready did not answer 200 within ${timeoutMs / 1000} s`);
}

/** SIGTERM lets the server close the database cleanly; SIGKILL if it hangs. */
function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
