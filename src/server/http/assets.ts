import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/** The encodings a client accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves a hashed asset under /_astro/ from its `.br` or `.gz` twin written at build time.
 * Answers false (untouched) when there is no such twin or the client accepts neither encoding.
 */
export function servePrecompressed(req: IncomingMessage, res: ServerResponse, clientDir: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '').split('?')[0] ?? '';
  if (!pathname.startsWith('/_astro/')) return false;
  const file = normalize(join(clientDir, decodeSafely(pathname)));
  if (!file.startsWith(normalize(clientDir) + sep)) return false;
  const type = TYPES[extname(file)];
  if (!type) return false;

  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue;
    const size = fileSize(file + encoding.suffix);
    if (size === undefined) continue;
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': encoding.name,
      'Content-Length': size,
      'Cache-Control': IMMUTABLE,
      Vary: 'Accept-Encoding',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file + encoding.suffix).pipe(res);
    return true;
  }
  return false;
}

function fileSize(path: string): number | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

function decodeSafely(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
