import { log } from './log.ts';

type ShutdownHook = () => unknown;

// Kept on globalThis so the HTTP server (run from source) and the built Astro bundle, which
// each load their own copy of this module, share one list.
const KEY = Symbol.for('terrace.shutdown-hooks');

function hooks(): ShutdownHook[] {
  const store = globalThis as typeof globalThis & { [KEY]?: ShutdownHook[] };
  store[KEY] ??= [];
  return store[KEY];
}

export function onShutdown(hook: ShutdownHook): void {
  hooks().push(hook);
}

/** Runs every hook once, most recently registered first, reporting failures without stopping. */
export async function runShutdownHooks(): Promise<void> {
  for (const hook of hooks().splice(0).reverse()) {
    try {
      await hook();
    } catch (error) {
      log.error({ err: error }, 'shutdown hook failed');
    }
  }
}
