import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

/**
 * Modules an island imports only at a tap (src/lib/api/client.ts, src/lib/forms/submit-action.ts,
 * src/components/ui/Toaster.tsx, the celebration of src/features/session/after-award.ts and the canvas-confetti
 * it draws with): kept at install with the chunks they import, so a check-in sent as the signal drops or returns,
 * the toast that answers it and its celebration find their code on the phone and not only on the network. As the
 * signal returns the network can still fail a fetch, and a chunk that failed to load reloads the page
 * (src/lib/navigation/chunk-reload.ts): the celebration was lost, and the page with it.
 */
const LOADED_AT_A_TAP = ['ky-instance.', 'actions-client.', 'ToastItem.', 'celebrate.', 'confetti.module.'];

/** A chunk's static imports (`import{…}from"./x.js"`, `import"./x.js"`), not its `import("./x.js")`. */
const STATIC_IMPORT = /(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g;

/** The chunks named in LOADED_AT_A_TAP and every chunk they import, file names in `dir`. */
export async function loadedAtATap(dir: string, assets: string[]): Promise<string[]> {
  const roots = assets.filter((name) => name.endsWith('.js') && LOADED_AT_A_TAP.some((prefix) => name.startsWith(prefix)));
  const missing = LOADED_AT_A_TAP.filter((prefix) => !roots.some((name) => name.startsWith(prefix)));
  if (missing.length) throw new Error(`service worker: no chunk named ${missing.join(', ')} (renamed? update LOADED_AT_A_TAP)`);
  const kept = new Set<string>();
  const visit = async (name: string): Promise<void> => {
    if (kept.has(name)) return;
    kept.add(name);
    const code = await readFile(join(dir, name), 'utf8');
    for (const [, imported] of code.matchAll(STATIC_IMPORT)) if (imported) await visit(imported);
  };
  for (const root of roots) await visit(root);
  return [...kept].sort();
}

/**
 * Builds the service worker (src/features/install/service-worker.ts) into /sw.js once the site is built: one
 * file at the site's root (its scope is the whole site), bundled with Serwist, holding the list of what it
 * keeps at install (the offline page, the built styles and the code loaded at a tap) under this build's revision, so a new deploy
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
        const scripts = (await loadedAtATap(join(client, '_astro'), assets)).map((name) => ({ url: `/_astro/${name}`, revision: null }));
        // The milestone badges' own pictures, which the celebration shows (a first check-in sent as the signal
        // returns drew a broken picture): 32 KB. A badge the club redrew is kept once it has been seen.
        const badges = (await readdir(join(client, 'images', 'badges'))).filter((name) => name.endsWith('.svg')).sort()
          .map((name) => ({ url: `/images/badges/${name}`, revision }));
        const precache = [{ url: '/offline', revision }, { url: '/favicon.svg', revision }, ...styles, ...scripts, ...badges];
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
