// A stock Astro 7 + @astrojs/node (standalone) server answering one page with fixed HTML: what the
// framework alone costs, to compare our server with. Built in a temporary folder from a minimal
// project that uses the installed astro and @astrojs/node (node_modules is linked, no network).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from '../harness/cleanup.ts';
import { root } from '../harness/server.ts';

export interface StockAstro {
  origin: string;
  stop: () => Promise<void>;
}

/** `html` is served, rendered on each request (prerender off), at `path` (e.g. /about). */
export async function startStockAstro(path: string, html: string, port: number): Promise<StockAstro> {
  const dir = mkdtempSync(join(tmpdir(), 'terrace-stock-astro-'));
  const forgetDir = onInterrupt(() => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'stock-astro', private: true, type: 'module' }));
  writeFileSync(join(dir, 'astro.config.mjs'), [
    "import { defineConfig } from 'astro/config';",
    "import node from '@astrojs/node';",
    "export default defineConfig({ output: 'server', adapter: node({ mode: 'standalone' }), devToolbar: { enabled: false } });",
  ].join('\n'));
  const page = join(dir, 'src/pages', `${path.replace(/^\/|\/$/g, '') || 'index'}.astro`);
  mkdirSync(join(page, '..'), { recursive: true });
  writeFileSync(join(dir, 'src/page.html'), html);
  writeFileSync(page, "---\nimport html from '../page.html?raw';\nexport const prerender = false;\n---\n<Fragment set:html={html} />\n");
  const built = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir, stdio: 'pipe', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`stock Astro build failed:\n${built.stdout}\n${built.stderr}`);
  }
  const child = spawn(process.execPath, [join(dir, 'dist/server/entry.mjs')], {
    cwd: dir, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    forget();
    forgetDir();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const forget = onInterrupt(stop);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(origin + path)).status === 200) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the stock Astro server did not answer ${path} within 30 s`);
}
