import { z } from 'zod';
import { log } from '../log.ts';

/**
 * Reading what the database holds (settings, content, properties): each stored value has one zod schema,
 * the same one its writers use. A row that fails it is left out (a detail answers 404 as for an unknown id)
 * and logged once per kind and id in this process, with no values (they may hold a profile's text), so one
 * bad row never breaks a page for everyone.
 */
const warned = new Set<string>();

/** Logs once per kind and id; `issues` are the schema's paths, never the values. */
export function warnStored(kind: string, id: string, issues: ReadonlyArray<{ path: PropertyKey[] }> = []): void {
  const key = `${kind}\u0000${id}`;
  if (warned.has(key)) return;
  // A process reads a bounded set of rows; the set is dropped rather than grown without end.
  if (warned.size >= 10_000) warned.clear();
  warned.add(key);
  log.warn({ kind, id, fields: [...new Set(issues.map((i) => i.path.map(String).join('.')))] }, 'stored value failed its schema: left out');
}

/** The value as its schema reads it, or undefined (logged once) when it does not fit. */
export function readStored<S extends z.ZodType>(kind: string, id: string, schema: S, value: unknown): z.output<S> | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  warnStored(kind, id, parsed.error.issues);
  return undefined;
}

/**
 * Whether a row fits its object schema (logged once when it does not). Pages list the same rows again and
 * again: a row found readable is remembered by kind and `key` with the columns its schema checks, and is
 * readable again while they are equal (a changed row is checked anew); one that is not is checked each time.
 */
export function isReadable(kind: string, id: string, schema: z.ZodObject, row: object, key = id): boolean {
  const fields = row as Record<string, unknown>;
  const columns = Object.keys(schema.shape);
  const memo = `${kind}\u0000${key}`;
  const known = readableRows.get(memo);
  if (known && columns.every((column, i) => known[i] === fields[column])) return true;
  if (readStored(kind, id, schema, row) === undefined) return false;
  if (readableRows.size >= 10_000) readableRows.clear();
  readableRows.set(memo, columns.map((column) => fields[column]));
  return true;
}
const readableRows = new Map<string, unknown[]>();

/** The rows that fit their schema, in their order; the others are left out (and logged once each). */
export function keepValid<R extends { id: string }>(kind: string, rows: R[], schema: z.ZodObject): R[] {
  return rows.filter((row) => isReadable(kind, row.id, schema, row));
}

/** The row when it fits its schema, else undefined (logged once): a detail then answers as for an unknown id. */
export function validOrNone<R extends { id: string }>(kind: string, row: R | undefined, schema: z.ZodObject): R | undefined {
  return row && isReadable(kind, row.id, schema, row) ? row : undefined;
}

/** The writers' check: every row fits its schema before any is stored (a seed or operator bug fails loudly, not later). */
export function assertStorable(kind: string, rows: readonly unknown[], schema: z.ZodType): void {
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new Error(`${kind} not stored: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
}

/** A JSON text column and the schema of what it holds: text that is not JSON fails like a value that does not fit. */
export function jsonColumn<S extends z.ZodType>(schema: S) {
  return z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  }).pipe(schema);
}

/** For tests: forget what was logged. */
export function resetStoredWarnings(): void {
  warned.clear();
}
