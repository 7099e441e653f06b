import { atom } from 'nanostores';
import { resetOnSignOut } from '../session/sign-out-resets.ts';

/** Only one toast at a time: a new toast replaces the older one. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the store (open false) before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open when the caller gives no duration, in milliseconds. */
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** Where the action goes; without it the action is a button that only closes the toast. */
  href?: string;
}

export interface ToastInput {
  title: string;
  description?: string;
  action?: ToastAction;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes by itself; `Infinity` keeps it until the user closes it. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: string;
  open: boolean;
  variant: ToastVariant;
  duration: number;
}

// Browser-only state: only islands call the actions below (from effects and event handlers), never
// server rendering, where one module-level store would be shared by every request.
export const $toasts = atom<readonly Toast[]>([]);
resetOnSignOut('toasts', () => $toasts.set([]));

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${count}`;
}

function cancelRemoval(id: string): void {
  const timer = removalTimers.get(id);
  if (timer === undefined) return;
  clearTimeout(timer);
  removalTimers.delete(id);
}

/** Shows a toast and answers its id. */
export function toast(input: ToastInput): string {
  const id = nextId();
  const created: Toast = { ...input, id, open: true, variant: input.variant ?? 'default', duration: input.duration ?? TOAST_DURATION };
  const kept = [created, ...$toasts.get()].slice(0, TOAST_LIMIT);
  for (const old of $toasts.get()) if (!kept.includes(old)) cancelRemoval(old.id);
  $toasts.set(kept);
  return id;
}

/** Closes a toast; it stays in the store, closed, until TOAST_REMOVE_DELAY has passed. */
export function dismissToast(id: string): void {
  const list = $toasts.get();
  if (!list.some((t) => t.id === id && t.open)) return;
  $toasts.set(list.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removalTimers.has(id)) {
    removalTimers.set(id, setTimeout(() => removeToast(id), TOAST_REMOVE_DELAY));
  }
}

/** Drops a toast from the store at once. */
export function removeToast(id: string): void {
  cancelRemoval(id);
  const list = $toasts.get();
  if (list.some((t) => t.id === id)) $toasts.set(list.filter((t) => t.id !== id));
}
