import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

/** Writes `.br` and `.gz` beside every compressible file under `dir`, once, at build time. */
export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = await readFile(path);
    await writeFile(`${path}.br`, brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }));
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompress(): AstroIntegration {
  return {
    name: 'terrace:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // The hashed assets and public/'s files alike: the club's hero (an SVG of 13 KiB, 3 KiB compressed) is the
        // home page's largest paint, and its crest is on every page.
        const count = await precompressDirectory(fileURLToPath(dir));
        logger.info(`precompressed ${count} files (br, gzip)`);
      },
    },
  };
}
