import { AsyncLocalStorage } from 'node:async_hooks';

// The supporters whose state an API request changed besides its caller's own (a referrer paid by a
// friend's award) or without a write of theirs (a birthday bonus paid on a read): the after-write hook
// (./versions.middleware.ts) raises their versions once the request is done, unless a write raised them in its
// own transaction since (./versions.middleware.ts `versionsOfWrite`).

/** One request's supporters: changed and not raised yet, and raised with a write that committed. */
export interface RequestChanges {
  changed: Set<string>;
  raised: Set<string>;
}

const changes = new AsyncLocalStorage<RequestChanges>();

/** Runs one request, gathering the supporters it changed into `gathered`. */
export function gatherChanges<T>(gathered: RequestChanges, work: () => Promise<T>): Promise<T> {
  return changes.run(gathered, work);
}

/** Notes that `userId`'s balance changed in the request being answered (none outside one: nothing to raise). */
export function noteSupporterChanged(userId: string): void {
  const request = changes.getStore();
  if (!request) return;
  request.changed.add(userId);
  // Changed again after a write raised their version: raised again at the end.
  request.raised.delete(userId);
}

/** The request being answered's changes (undefined outside one). */
export function requestChanges(): RequestChanges | undefined {
  return changes.getStore();
}
