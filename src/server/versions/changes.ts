import { AsyncLocalStorage } from 'node:async_hooks';

// The supporters whose state an API request changed besides its caller's own (a referrer paid by a
// friend's award) or without a write of theirs (a birthday bonus paid on a read): the after-write hook
// (./versions.middleware.ts) raises their versions once the request is done.
const changes = new AsyncLocalStorage<Set<string>>();

/** Runs one request, gathering the supporters it changed into `changed`. */
export function gatherChanges<T>(changed: Set<string>, work: () => Promise<T>): Promise<T> {
  return changes.run(changed, work);
}

/** Notes that `userId`'s balance changed in the request being answered (none outside one: nothing to raise). */
export function noteSupporterChanged(userId: string): void {
  changes.getStore()?.add(userId);
}
