// `npm start`: validate the configuration, migrate and seed, build if the sources changed, then serve
// with the built app's own server (src/server/http/main.ts). Nothing of src/ is imported here: the
// database work runs in a process of its own, so the serving process holds one copy of every module.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Node keeps the compiled code of every module on disk (in NODE_COMPILE_CACHE, else the system's temporary
// folder), so a restart, a rolling restart's next process or the database process below compiles nothing it
// compiled before: a start took 3.1 CPU-s cold and 2.1-2.5 warm. A folder it cannot write only costs that.
const compiled = enableCompileCache();
if (compiled.directory) process.env['NODE_COMPILE_CACHE'] ??= compiled.directory;

const root = resolve(import.meta.dirname, '..');
const entry = join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'tsconfig.json', 'package-lock.json'];

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, {
    cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

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
  console.log(builtAt ? 'sources changed since the last build: building' : 'no build yet: building');
  run([join(root, 'node_modules/astro/bin/astro.mjs'), 'build']);
}

// Reads the configuration first: a bad variable stops here, named, before any build.
run([join(root, 'src/server/db/cli.ts'), 'seed']);
buildIfNeeded();
await import(pathToFileURL(entry).href);
