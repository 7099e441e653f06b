// An audit entry's change as a person reads it: the fields that differ, each with its value before and after.

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const SHOWN = 160;

function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The fields whose values differ (all of them for a creation or a removal); non-objects compare whole.
 * The thing's `id` is left out: the entry names the thing already.
 */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before: shown(before), after: shown(after) }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => field !== 'id' && JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: shown(from[field]), after: shown(to[field]) }));
}
