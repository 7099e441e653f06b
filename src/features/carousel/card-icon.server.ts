// A carousel card's icon: a name from the bundled set, else the icon service's SVG, else the default icon.
import { ICON_NAMES, type IconName } from '~/components/ui/Icon.tsx';

/** Spec: icons come from an icon service; a look-up that takes longer than this is abandoned. */
export const ICON_SERVICE_TIMEOUT_MS = 1500;
export const DEFAULT_CARD_ICON: IconName = 'gift';
/** An icon is a few hundred bytes; anything larger is not one. */
const MAX_ICON_BYTES = 16 * 1024;
/** A slow or missing service is asked again only after this, so one page does not wait 1.5 s per card per view. */
const CACHE_MS = 10 * 60_000;
const SAFE_NAME = /^[a-z0-9-]{1,40}$/;

/** A bundled icon by name, or a fetched SVG as a data: URL for an <img> (an image cannot run script). */
export type CardIcon = { name: IconName } | { src: string };

export interface IconLookup {
  /** ICON_SERVICE_URL; unset: no look-up. */
  serviceUrl: string | undefined;
  fetcher?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

const bundled = new Set<string>(ICON_NAMES);
const cache = new Map<string, { at: number; icon: Promise<CardIcon> }>();

export function resolveCardIcon(name: string, lookup: IconLookup): Promise<CardIcon> {
  if (bundled.has(name)) return Promise.resolve({ name: name as IconName });
  if (!lookup.serviceUrl || !SAFE_NAME.test(name)) return Promise.resolve({ name: DEFAULT_CARD_ICON });
  const now = (lookup.now ?? Date.now)();
  const key = `${lookup.serviceUrl} ${name}`;
  const kept = cache.get(key);
  if (kept && now - kept.at < CACHE_MS) return kept.icon;
  const icon = fetchIcon(name, lookup);
  cache.set(key, { at: now, icon });
  return icon;
}

async function fetchIcon(name: string, lookup: IconLookup): Promise<CardIcon> {
  const fetcher = lookup.fetcher ?? fetch;
  const url = `${lookup.serviceUrl!.replace(/\/+$/, '')}/${name}.svg`;
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(lookup.timeoutMs ?? ICON_SERVICE_TIMEOUT_MS), redirect: 'error' });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('image/svg+xml')) return { name: DEFAULT_CARD_ICON };
    const body = await res.arrayBuffer();
    if (body.byteLength === 0 || body.byteLength > MAX_ICON_BYTES) return { name: DEFAULT_CARD_ICON };
    return { src: `data:image/svg+xml;base64,${Buffer.from(body).toString('base64')}` };
  } catch {
    // Timed out, refused or unreachable: the card still shows, with the default icon.
    return { name: DEFAULT_CARD_ICON };
  }
}

/** For tests: forget every looked-up icon. */
export function clearIconCache(): void {
  cache.clear();
}
