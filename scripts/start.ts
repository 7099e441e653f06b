// `npm start`: validate the configuration, build if the sources changed, migrate and seed, serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, getConfig } from '../src/server/config.ts';
import { prepareDatabase } from '../src/server/db/cli.ts';
import { onShutdown, runShutdownHooks } from '../src/server/lifecycle.ts';
import { log } from '../src/server/log.ts';
import { createHttpServer, shutDownGracefully, type NodeHandler } from '../src/server/http/serve.ts';

const root = resolve(import.meta.dirname, '..');
const entry = join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'tsconfig.json', 'package-lock.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function buildIfNeeded(): void {
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestChange(join(root, s))));
  if (builtAt > changedAt) return;
  log.info(builtAt ? 'sources changed since the last build: building' : 'no build yet: building');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main(): Promise<void> {
  const config = getConfig();
  // Tracing only when configured: imported here, before the database opens (its statements become spans);
  // otherwise no OpenTelemetry module is loaded at all.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('../src/server/observe/tracing.ts')).startServerTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT)
    : undefined;
  if (tracing) onShutdown(() => tracing.shutdown());
  buildIfNeeded();
  await prepareDatabase('seed');

  // Our server wraps the adapter's handler (middleware mode: the adapter never listens itself).
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  const https = config.PUBLIC_URL.startsWith('https:');
  const server = createHttpServer({
    handler, clientDir: join(root, 'dist/client'), https, metricsToken: config.METRICS_TOKEN, trustedProxies: config.TRUSTED_PROXIES,
    ...(tracing ? { traceRequests: tracing.traceRequests } : {}),
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
  // A script's server (scripts/perf/server.ts) goes with its script: when the script dies, even by a
  // signal it cannot catch, the IPC channel closes and the server stops instead of holding its port.
  if (process.env['TERRACE_STOP_WITH_PARENT'] === '1' && process.send) process.once('disconnect', () => stop('parent gone'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
