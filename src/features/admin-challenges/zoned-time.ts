// The console's date and time fields show the club's time zone (`<input type="datetime-local">` has none);
// the API keeps UTC. Both ways, through Intl (no library): a wall-clock time in a zone and the instant it names.

function partsIn(instant: number, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  return Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!) - Math.floor(instant / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-05-01T18:00` in `timeZone` as ISO 8601 UTC; undefined when it is not such a time. */
export function zonedToUtc(local: string, timeZone: string): string | undefined {
  const m = LOCAL.exec(local.trim());
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (Number.isNaN(wall)) return undefined;
  // The offset at the guessed instant, then again at the corrected one (a change of clocks in between).
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** An ISO instant as the wall-clock time of `timeZone`, for a datetime-local field (`2026-05-01T18:00`). */
export function utcToZoned(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const p = partsIn(instant, timeZone);
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${p['year']}-${two(p['month'])}-${two(p['day'])}T${two(p['hour'])}:${two(p['minute'])}`;
}
