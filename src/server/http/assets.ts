import { createReadStream, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { SERVICE_WORKER_CSP } from './security-headers.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files from public/ (favicon, robots.txt) keep their names across builds: cached briefly. */
const PUBLIC_FILE = 'public, max-age=3600';
/** The service worker: asked again at every visit, so a new deploy takes over at once. */
const SERVICE_WORKER = '/sw.js';

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
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
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

interface StaticFile {
  path: string;
  size: number;
  type: string;
  cacheControl: string;
  /** Precompressed twins written at build time, by encoding. */
  twins: Map<string, { path: string; size: number }>;
  /** Headers of its own, over the site's (the service worker's policy). */
  own?: Record<string, string>;
}

export type StaticFiles = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The built client files (hashed assets under /_astro/ and the files of public/), indexed once at
 * start: a page request costs one map lookup instead of a file-system probe. A file is sent from its
 * `.br`/`.gz` twin (src/server/http/precompress.ts) when the client accepts one; hashed assets are cached for a year. Answers false
 * (untouched) for any other path.
 */
export function createStaticFiles(clientDir: string): StaticFiles {
  const files = indexFiles(clientDir);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = files.get((req.url ?? '').split('?')[0] ?? '');
    if (!file) return false;
    const accepted = file.twins.size ? acceptedEncodings(req.headers['accept-encoding']) : undefined;
    const encoding = accepted && ENCODINGS.find((e) => accepted.has(e.name) && file.twins.has(e.name));
    const sent = encoding ? file.twins.get(encoding.name)! : file;
    res.writeHead(200, {
      'Content-Type': file.type,
      'Content-Length': sent.size,
      'Cache-Control': file.cacheControl,
      ...(encoding ? { 'Content-Encoding': encoding.name } : {}),
      ...(file.twins.size ? { Vary: 'Accept-Encoding' } : {}),
      ...file.own,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent.path).pipe(res);
    return true;
  };
}

function indexFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const paths = listFiles(clientDir);
  const present = new Set(paths);
  for (const path of paths) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = '/' + relative(clientDir, path).split(sep).join('/');
    const twins = new Map<string, { path: string; size: number }>();
    for (const { name, suffix } of ENCODINGS) {
      if (present.has(path + suffix)) twins.set(name, { path: path + suffix, size: statSync(path + suffix).size });
    }
    files.set(url, {
      path, twins, size: statSync(path).size,
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      cacheControl: url.startsWith('/_astro/') ? IMMUTABLE : url === SERVICE_WORKER ? 'no-cache' : PUBLIC_FILE,
      ...(url === SERVICE_WORKER ? { own: { 'Content-Security-Policy': SERVICE_WORKER_CSP } } : {}),
    });
  }
  return files;
}

function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    // Dotfiles are never served.
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : entry.isFile() ? [path] : [];
  });
}
