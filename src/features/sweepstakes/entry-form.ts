// The entry forms' names, shared by the page that answers them without JavaScript and the island that
// sends them itself: `intent=enter&count=N` (points) or `intent=free-entry`, each with its own
// `idempotencyKey` (src/lib/forms/form-action.server.ts).

/** The sweepstake page's entry section: a form posts back to it, scrolled to the result. */
export const ENTRY_ANCHOR = 'enter';
export const INTENT_FIELD = 'intent';
export const ENTER_INTENT = 'enter';
export const FREE_INTENT = 'free-entry';
export const COUNT_FIELD = 'count';

/**
 * The posted count as a number for the API, which judges it (a whole number from 1 to the remaining cap):
 * what is not a number at all goes as NaN, which the API refuses with its own message for the field.
 */
export function postedCount(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The count the stepper may show: a whole number from 1 to `max` (at least 1). */
export function clampCount(value: number, max: number): number {
  const top = Math.max(1, max);
  return Number.isFinite(value) ? Math.min(top, Math.max(1, Math.round(value))) : 1;
}
