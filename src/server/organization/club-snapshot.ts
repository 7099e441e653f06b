import { requestContext } from '../../shared/request-context.server.ts';

// The club's settings and ranks are read by nearly every request (a check-in reads both inside its transaction), its
// badges by every award that reaches a milestone, and they change only when its staff change them. Each read is a round
// trip to the database, which on the 2-core machine costs about 0.3 ms of CPU on each side (issue 27). So the process
// keeps what it read under the club's content version, `organizations.content_version`: every write to any of those
// tables raises it (migrations 039 and 040's triggers, whatever wrote it: the console, a script, SQL), and every
// request reads it with its caller (the session or the
// organization's key). A request is then served what was read under its version or a newer one; a request without
// a caller (a job, a script), or after this request changed them itself, reads the database.

interface Kept {
  version: number;
  /** The process's forgetting for the club when this was read: one made later voids it. */
  generation: number;
  reads: Map<string, Promise<unknown>>;
}

/** By database (one per process; one per test file), then by club. */
const kept = new WeakMap<object, Map<string, Kept>>();
/** Raised by `forgetClub`: a write here voids what any database's entry holds for the club. */
const generations = new Map<string, number>();

/**
 * Runs the rest of the request knowing the club's content version its caller was read with. Opens the request's
 * notes when it has none (the API called in process, without the HTTP layer): a page's calls share the page's.
 */
export function noteClubVersion<T>(database: object, organizationId: string, version: number | undefined, next: () => T): T {
  const context = requestContext.getStore();
  if (version === undefined || !Number.isFinite(version)) return next();
  const club = { database, organizationId, version };
  if (!context) return requestContext.run({ requestId: '', club }, next);
  context.club = club;
  return next();
}

/** `part` of the club as this request may see it: kept under its version, else read by `read` and kept. */
export function clubSnapshot<T>(organizationId: string, part: string, read: () => Promise<T>): Promise<T> {
  const note = requestContext.getStore()?.club;
  if (!note || note.organizationId !== organizationId) return read();
  let clubs = kept.get(note.database);
  if (!clubs) kept.set(note.database, (clubs = new Map()));
  const generation = generations.get(organizationId) ?? 0;
  let entry = clubs.get(organizationId);
  if (!entry || entry.version < note.version || entry.generation !== generation) {
    clubs.set(organizationId, (entry = { version: note.version, generation, reads: new Map() }));
  }
  const known = entry.reads.get(part) as Promise<T> | undefined;
  // A read that failed (its transaction's connection lost) is not kept: whoever waited on it reads again.
  if (known) return known.catch(read);
  const reading = read();
  const reads = entry.reads;
  reads.set(part, reading);
  reading.catch(() => { if (reads.get(part) === reading) reads.delete(part); });
  return reading;
}

/** After this process wrote the club's settings or ranks: the rest of this request, and every later one, read them anew. */
export function forgetClub(organizationId: string): void {
  generations.set(organizationId, (generations.get(organizationId) ?? 0) + 1);
  const context = requestContext.getStore();
  if (context?.club?.organizationId === organizationId) delete context.club;
}
