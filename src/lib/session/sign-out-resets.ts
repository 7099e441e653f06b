// Spec: logout resets all stores. Each store joins here from its own module (as lists join the hourly
// refresh, ./hourly-refresh.ts), so lib/ names no feature's store; a store this page never loaded holds
// nothing to reset.
const resets = new Map<string, () => void>();

/** Registers a store's reset, run when the supporter signs out (./logout.client.ts). */
export function resetOnSignOut(store: string, reset: () => void): void {
  resets.set(store, reset);
}

/** Runs every registered reset; one that throws is logged and the others still run. */
export function runSignOutResets(): void {
  for (const [store, reset] of resets) {
    try {
      reset();
    } catch (error) {
      console.error('store reset failed on logout', { store, error });
    }
  }
}
