import sharp from 'sharp';
import { getConfig } from '~/shared/config.server.ts';
import { ICON_SIZES, MASKABLE_SIZES } from './app-manifest.ts';

// The app's icons, drawn from the club's crest with sharp: transparent around the crest for `any`, and on the
// club's colour with the crest inside the middle 60% for `maskable` (and for iOS's 180 px, which it would
// otherwise fill with black). Drawn once per crest and size, then kept in memory.

const drawn = new Map<string, Promise<Buffer>>();
/** Crests kept at once: a club changes its crest rarely; a bound keeps memory flat if it does often. */
const MOST_KEPT = 64;

/** The crest's bytes, from this server itself (a file of the site or an uploaded one under /api/media). */
async function crestBytes(crestUrl: string): Promise<Buffer> {
  const { PORT } = getConfig();
  const response = await fetch(new URL(crestUrl, `http://127.0.0.1:${PORT}`));
  if (!response.ok) throw new Error(`crest ${crestUrl}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function draw(crest: Buffer, size: number, padded: boolean, background: string): Promise<Buffer> {
  const inner = Math.round(size * (padded ? 0.6 : 0.9));
  const picture = await sharp(crest, { density: 384 }).resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: padded ? background : { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: picture, gravity: 'centre' }]).png().toBuffer();
}

/** The icon `name` (`192`, `maskable-512`, …) as PNG bytes, or undefined when there is no such icon. */
export function iconPng(name: string, crestUrl: string, background: string): Promise<Buffer> | undefined {
  const maskable = name.startsWith('maskable-');
  const size = Number(maskable ? name.slice('maskable-'.length) : name);
  const known = maskable ? (MASKABLE_SIZES as readonly number[]).includes(size) : (ICON_SIZES as readonly number[]).includes(size);
  if (!known) return undefined;
  const key = `${crestUrl}|${background}|${name}`;
  let icon = drawn.get(key);
  if (!icon) {
    if (drawn.size >= MOST_KEPT) drawn.clear();
    icon = crestBytes(crestUrl).then((crest) => draw(crest, size, maskable || size === 180, background));
    icon.catch(() => drawn.delete(key));
    drawn.set(key, icon);
  }
  return icon;
}
