import { createHash } from 'node:crypto';

/** The CSP source (`sha256-…`) that allows exactly this inline script or style. */
export function cspHash(content: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`;
}
