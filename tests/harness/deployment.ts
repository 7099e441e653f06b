// The deployment docs/operations.md describes, on one machine: several built servers (`npm start`, production mode)
// on one PostgreSQL database, one APP_SECRET and one media folder (on several machines: a bucket), behind nginx configured by deploy/nginx.conf, which they trust
// (TRUSTED_PROXIES). Used by `npm run peak` and tests/e2e/rolling-restart.spec.ts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx, type RunningNginx } from './nginx.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Deployment {
  /** nginx's address: PUBLIC_URL of every process. */
  origin: string;
  nginx: RunningNginx;
  /** The app processes, in the upstream's order; restart() replaces one. */
  servers: RunningServer[];
  /** SIGTERM to process `index` (a graceful stop), then a new one on its port, waited for until ready. */
  restart(index: number): Promise<void>;
  /**
   * Until process `index` has answered a request nginx sent it (its log says so). nginx learns that a process is back
   * only by trying it again, once `fail_timeout` (deploy/nginx.conf) has passed: stopping the next process before
   * then would leave it none to send to.
   */
  servingAgain(index: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  databaseUrl: string;
  smtpUrl: string;
  processes: number;
  /** nginx listens here, the processes on the ports after it. */
  firstPort: number;
  env?: Record<string, string>;
  /** The first start may build the app (scripts/start.ts builds when the sources are newer than dist/). */
  firstStartTimeoutMs?: number;
}

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const { databaseUrl, smtpUrl, processes, firstPort } = options;
  const origin = `http://127.0.0.1:${firstPort}`;
  const media = mkdtempSync(join(tmpdir(), 'terrace-media-'));
  // LOG_LEVEL info: servingAgain() reads the request lines.
  const env = { APP_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: origin, TRUSTED_PROXIES: '127.0.0.1', MEDIA_DIR: media, LOG_LEVEL: 'info', ...options.env };
  const ports = Array.from({ length: processes }, (_, i) => firstPort + 1 + i);
  const start = (port: number, timeoutMs?: number) => startServer(port, smtpUrl, { databaseUrl, env, ...(timeoutMs ? { timeoutMs } : {}) });
  const servers: RunningServer[] = [];
  try {
    // The first alone: it migrates and seeds the empty database (and builds when needed); then the others together.
    servers.push(await start(ports[0]!, options.firstStartTimeoutMs ?? 600_000));
    servers.push(...await Promise.all(ports.slice(1).map((port) => start(port))));
    const nginx = await startNginx(firstPort, ports);
    return {
      origin, nginx, servers,
      async restart(index) {
        await servers[index]!.stop();
        servers[index] = await start(ports[index]!);
      },
      async servingAgain(index, timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        while (!answeredThroughProxy(servers[index]!.log())) {
          if (Date.now() > deadline) throw new Error(`process ${index} answered nothing nginx sent it within ${timeoutMs / 1000} s`);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      async stop() {
        await nginx.stop();
        await Promise.all(servers.map((s) => s.stop()));
        rmSync(media, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(media, { recursive: true, force: true });
    throw error;
  }
}

/** Whether the server's log (JSON lines) holds a request other than the readiness checks this harness makes. */
function answeredThroughProxy(log: string): boolean {
  return log.split('\n').some((line) => line.includes('"msg":"request"') && !line.includes('"path":"/api/ready"'));
}
