// An island's own code, gzip -9: the island and every module of ours it imports, bundled and minified on their
// own, with every npm package (React, ky, nanostores…) left out. Issue 13 budgets the stories viewer at 12 KiB.
// Also prints what the built page actually loads for it (after `npx astro build`): the island's chunk and the
// chunks it imports, transitively, from dist/client/_astro.
//   node tests/perf/island-weight.ts [src/features/stories/StoryViewer.tsx] [budget KiB]
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = join(import.meta.dirname, '..', '..');
/** Issue 13: the stories viewer, loaded on open. */
export const STORY_VIEWER = 'src/features/stories/StoryViewer.tsx';
export const STORY_VIEWER_BUDGET_KIB = 12;
const gzip = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** An island's own code: gzip -9 and minified bytes, and the modules that left code in it (minified bytes). */
export async function ownCode(entry: string): Promise<{ gzipBytes: number; minifiedBytes: number; modules: Array<[string, number]> }> {
  const bundled = await build({
  absWorkingDir: ROOT,
  entryPoints: [entry],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  metafile: true,
  jsx: 'automatic',
  define: { 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true', 'import.meta.env.SSR': 'false' },
  plugins: [{
    name: 'packages-external',
    // A bare import (not ./, ../ or the project's ~/ alias) is a package: not our code.
    setup(b) { b.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })); },
  }],
});
  const own = bundled.outputFiles[0]!.contents;
  // The modules that left code in the bundle (a module imported only for what tree-shaking removed leaves none).
  const modules = Object.entries(Object.values(bundled.metafile.outputs)[0]!.inputs)
    .filter(([, input]) => input.bytesInOutput > 0).sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput)
    .map(([module, input]): [string, number] => [module, input.bytesInOutput]);
  return { gzipBytes: gzip(own), minifiedBytes: own.length, modules };
}

async function main(): Promise<void> {
  const entry = process.argv[2] ?? STORY_VIEWER;
  const budgetKiB = Number(process.argv[3] ?? STORY_VIEWER_BUDGET_KIB);
  const own = await ownCode(entry);
  console.log(`${entry}: own code ${kib(own.gzipBytes)} gzip -9 (${kib(own.minifiedBytes)} minified), from ${own.modules.length} modules (minified bytes):`);
  for (const [module, bytes] of own.modules) console.log(`  ${String(bytes).padStart(6)}  ${module}`);

  // What the built site loads for the island (shared chunks included: React, ky, the stores…).
  const dist = join(ROOT, 'dist', 'client', '_astro');
  const name = basename(entry).replace(/\.tsx?$/, '');
  const chunk = existsSync(dist) ? readdirSync(dist).find((file) => file.startsWith(`${name}.`) && file.endsWith('.js')) : undefined;
  if (chunk) {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(dist, file), 'utf8');
      for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(imported!);
    };
    visit(chunk);
    const sizes = [...seen].map((file) => ({ file, bytes: gzip(readFileSync(join(dist, file))) })).sort((a, b) => b.bytes - a.bytes);
    console.log(`\nbuilt: ${chunk} ${kib(sizes.find((s) => s.file === chunk)!.bytes)} gzip -9; with the chunks it imports, ${kib(sizes.reduce((sum, s) => sum + s.bytes, 0))}:`);
    for (const { file, bytes } of sizes) console.log(`  ${kib(bytes).padStart(9)}  ${file}`);
  } else {
    console.log('\n(no build in dist/: run `npx astro build` to see the built chunks)');
  }

  if (own.gzipBytes > budgetKiB * 1024) {
    console.error(`\nover budget: ${kib(own.gzipBytes)} > ${budgetKiB} KiB`);
    process.exit(1);
  }
}

if (import.meta.main) await main();
