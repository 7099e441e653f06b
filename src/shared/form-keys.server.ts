// Form keys (the idempotency key a form posts, ./form-action.server.ts) that a kept page can be served
// with as it is: while a supporter has written nothing, a kept page's keys are the same at every render, so
// a double submit replays the first answer; every write of theirs raises their version and with it every key.
// A page that is never kept gets random keys, one per view, as before.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';

interface Render {
  seed: string;
  count: number;
  /** The page declared itself kept (src/lib/cache/kept-page.ts): its keys follow the seed. */
  kept: boolean;
}

const renders = new AsyncLocalStorage<Render>();

/**
 * Renders with keys made from `seed`: the supporter, their version and the page's address (see the kept
 * pages' provider). Keys are scoped to the supporter by the API, so knowing how they are made gives
 * nobody else a use for them.
 */
export function withFormKeys<T>(seed: string, render: () => T): T {
  return renders.run({ seed, count: 0, kept: false }, render);
}

/** The page being rendered may be kept for its supporter: the keys made from now on follow the seed. */
export function keepFormKeys(): void {
  const render = renders.getStore();
  if (render) render.kept = true;
}

/**
 * A key for the form being rendered: named, or else the page's nth. Outside a kept supporter's page (a
 * visitor, a post, a page never kept, kept pages off) a random one.
 */
export function newFormKey(name?: string): string {
  const render = renders.getStore();
  if (!render?.kept) return randomUUID();
  const which = name ?? String((render.count += 1));
  return asUuid(createHash('sha256').update(`${render.seed}\n${which}`).digest());
}

/** Shaped as a UUID (version 8: made by us), as the form handlers check. */
function asUuid(hash: Buffer): string {
  const hex = hash.subarray(0, 16).toString('hex').split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
