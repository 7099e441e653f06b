import { createHash } from 'node:crypto';

// The same few contents (our one inline script, each organization's theme) are hashed on every page:
// keep their hashes. Bounded, in case a theme keeps changing.
const known = new Map<string, `sha256-${string}`>();
const KNOWN_LIMIT = 32;

/** The CSP source (`sha256-…`) that allows exactly this inline script or style. */
export function cspHash(content: string): `sha256-${string}` {
  let hash = known.get(content);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`;
    if (known.size >= KNOWN_LIMIT) known.delete(known.keys().next().value!);
    known.set(content, hash);
  }
  return hash;
}
