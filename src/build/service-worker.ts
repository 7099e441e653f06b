import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

/**
 * Builds the service worker (src/features/install/service-worker.ts) into /sw.js once the site is built: one
 * file at the site's root (its scope is the whole site), bundled with Serwist, holding the list of what it
 * keeps at install (the offline page and the built styles) under this build's revision, so a new deploy
 * replaces it and clears what the old one kept.
 */
export function serviceWorker(entry: URL): AstroIntegration {
  return {
    name: 'terrace:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const assets = (await readdir(join(client, '_astro'))).sort();
        const revision = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
        const styles = assets.filter((name) => name.endsWith('.css')).map((name) => ({ url: `/_astro/${name}`, revision: null }));
        const precache = [{ url: '/offline', revision }, { url: '/favicon.svg', revision }, ...styles];
        const result = await build({
          entryPoints: [fileURLToPath(entry)], bundle: true, minify: true, format: 'iife', target: 'es2022', legalComments: 'none',
          outfile: join(client, 'sw.js'), define: { PRECACHE: JSON.stringify(precache) }, metafile: true,
          alias: { '~': fileURLToPath(new URL('../', import.meta.url)) },
        });
        const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
        logger.info(`service worker: ${(bytes / 1024).toFixed(1)} KiB, ${precache.length} files kept at install`);
      },
    },
  };
}
