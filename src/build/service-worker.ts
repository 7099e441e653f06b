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

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 16);

/**
 * What the service worker keeps at install, from the built client folder: the offline page under the build's revision
 * (it is rendered by the build); the styles and the code loaded at a tap by their hashed names; the favicon and the
 * milestone badges' own pictures, which the celebration shows (a first check-in sent as the signal returns drew a
 * broken picture), each under the hash of its bytes, so a deploy that leaves a picture as it was does not send it
 * again (the badges are 32 KB).
 */
export async function precacheList(client: string): Promise<{ url: string; revision: string | null }[]> {
  const assets = (await readdir(join(client, '_astro'))).sort();
  const revision = hash(assets.join('\n'));
  const styles = assets.filter((name) => name.endsWith('.css')).map((name) => ({ url: `/_astro/${name}`, revision: null }));
  const scripts = (await loadedAtATap(join(client, '_astro'), assets)).map((name) => ({ url: `/_astro/${name}`, revision: null }));
  const badges = (await readdir(join(client, 'images', 'badges'))).filter((name) => name.endsWith('.svg')).sort().map((name) => `/images/badges/${name}`);
  const pictures = await Promise.all(['/favicon.svg', ...badges].map(async (url) => ({ url, revision: hash(await readFile(join(client, url))) })));
  return [{ url: '/offline', revision }, ...pictures, ...styles, ...scripts];
}

/**
 * Builds the service worker (src/features/install/service-worker.ts) into /sw.js once the site is built: one
 * file at the site's root (its scope is the whole site), bundled with Serwist, holding the list of what it
 * keeps at install (precacheList), so a new deploy replaces it and clears what the old one kept.
 */
export function serviceWorker(entry: URL): AstroIntegration {
  return {
    name: 'terrace:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const precache = await precacheList(client);
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
