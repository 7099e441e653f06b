import { log } from './log.ts';

type ShutdownHook = () => unknown;

const hooks: ShutdownHook[] = [];

export function onShutdown(hook: ShutdownHook): void {
  hooks.push(hook);
}

/** Runs every hook once, most recently registered first, reporting failures without stopping. */
export async function runShutdownHooks(): Promise<void> {
  for (const hook of hooks.splice(0).reverse()) {
    try {
      await hook();
    } catch (error) {
      log.error({ err: error }, 'shutdown hook failed');
    }
  }
}
