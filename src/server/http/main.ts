// The built app's entry (dist/server/entry.mjs, made so by src/build/server-entry.ts): Terrace's HTTP server
// (./serve.ts) around the adapter's handler, listening. Bundled with the pages and the API, so the process
// has one copy of every module: one request context, one database, one metrics registry.
// Started by scripts/start.ts once the database is migrated and the build is fresh.
import { fileURLToPath } from 'node:url';
import { handler } from '@astrojs/node/server.js';
import { ConfigError, getConfig } from '../../shared/config.server.ts';
import { onShutdown, runShutdownHooks } from '../lifecycle.ts';
import { log } from '../log.ts';
import { keptVisitorPage } from './kept-pages/provider.ts';
import { createHttpServer, shutDownGracefully } from './serve.ts';

async function serve(): Promise<void> {
  const config = getConfig();
  // Tracing only when configured, before the database opens (its statements become spans); otherwise no
  // OpenTelemetry module is loaded at all.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('../observe/tracing.ts')).startServerTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT)
    : undefined;
  if (tracing) onShutdown(() => tracing.shutdown());

  const https = config.PUBLIC_URL.startsWith('https:');
  const server = createHttpServer({
    handler, clientDir: fileURLToPath(new URL('../client/', import.meta.url)), https,
    metricsToken: config.METRICS_TOKEN, trustedProxies: config.TRUSTED_PROXIES,
    ...(tracing ? { traceRequests: tracing.traceRequests } : {}),
    keptVisitorPage,
  });
  server.listen(config.PORT, config.HOST, () => {
    const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    log.info({ url: `http://${shown}:${config.PORT}` }, 'Terrace is serving');
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'finishing requests in flight, then closing the database');
    void shutDownGracefully(server, runShutdownHooks).then(() => process.exit(0));
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
