// The built app's entry (dist/server/entry.mjs, made so by src/build/server-entry.ts): Terrace's HTTP server
// (./serve.ts) around the adapter's handler, listening. Bundled with the pages and the API, so the process
// has one copy of every module: one request context, one database, one metrics registry.
// Started by scripts/start.ts once the database is migrated and the build is fresh.
import { fileURLToPath } from 'node:url';
import { handler } from '@astrojs/node/server.js';
import { ConfigError, getConfig } from '../../shared/config.server.ts';
import { onShutdown, runShutdownHooks } from '../lifecycle.ts';
import { log } from '../log.ts';
import { isLiveOperatorSecret } from '../operators/operator.service.ts';
import { getApp, getDatabase } from '../runtime.ts';
import { forwardToApi } from './api-forward.ts';
import { keptVisitorPage } from './kept-pages/provider.ts';
import { createReadiness, type Readiness } from './readiness.ts';
import { createHttpServer, shutDownGracefully } from './serve.ts';

/**
 * Ready once the API has answered GET /api/health in process: its first request makes the API, opens the database
 * and joins the job queue, so the balancer's first supporter does not wait for that. Tried again every second
 * while the database does not answer (the process stays `starting`, and says so).
 */
async function warmUp(readiness: Readiness): Promise<void> {
  const started = performance.now();
  while (readiness.state === 'starting') {
    const status = await (async () => (await getApp().request('/api/health')).status)().catch((error: unknown) => {
      log.warn({ err: error }, 'not ready yet: the API did not answer');
      return 0;
    });
    if (status === 200) {
      readiness.ready();
      log.info({ ms: Math.round(performance.now() - started) }, 'ready: GET /api/ready answers 200');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function serve(): Promise<void> {
  const config = getConfig();
  // Tracing only when configured, before the database opens (its statements become spans); otherwise no
  // OpenTelemetry module is loaded at all.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('../observe/tracing.ts')).startServerTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT)
    : undefined;
  if (tracing) onShutdown(() => tracing.shutdown());

  const https = config.PUBLIC_URL.startsWith('https:');
  const readiness = createReadiness();
  const server = createHttpServer({
    handler, clientDir: fileURLToPath(new URL('../client/', import.meta.url)), https,
    metricsToken: config.METRICS_TOKEN, trustedProxies: config.TRUSTED_PROXIES,
    ...(tracing ? { traceRequests: tracing.traceRequests } : {}),
    keptVisitorPage, readiness, api: forwardToApi, isStaff: (secret) => isLiveOperatorSecret(getDatabase(), secret),
  });
  server.listen(config.PORT, config.HOST, () => {
    const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    log.info({ url: `http://${shown}:${config.PORT}` }, 'Terrace is serving');
    void warmUp(readiness);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing requests in flight, then closing the database');
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) log.info({ seconds: config.SHUTDOWN_DRAIN_SECONDS }, 'draining: serving on while GET /api/ready says 503');
    void shutDownGracefully(server, runShutdownHooks, { readiness, drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000 }).then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  // A script's server (tests/harness/server.ts) goes with its script: when the script dies, even by a
  // signal it cannot catch, the IPC channel closes and the server stops instead of holding its port.
  if (process.env['TERRACE_STOP_WITH_PARENT'] === '1' && process.send) process.once('disconnect', () => stop('parent gone'));
}

await serve().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
