// The console's date-and-time fields (`<input type="datetime-local">`) are in the club's time zone; the API
// takes and answers UTC instants. Both ways, through Intl (no library).

function partsIn(date: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(date);
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  return Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!) - Math.floor(date.getTime() / 1000) * 1000;
}

/** An instant as the field shows it: `YYYY-MM-DDTHH:mm` on the club's clock ('' for none). */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const p = partsIn(new Date(iso), timeZone);
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${p['year']}-${two(p['month'])}-${two(p['day'])}T${two(p['hour'])}:${two(p['minute'])}`;
}

/** What the field holds, on the club's clock, as a UTC instant; undefined when it is not a date and time. */
export function fromLocalInput(local: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return undefined;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (Number.isNaN(asUtc)) return undefined;
  // The offset at the guess, then again at the corrected instant (a guess across a clock change).
  let instant = asUtc - offsetAt(new Date(asUtc), timeZone);
  instant = asUtc - offsetAt(new Date(instant), timeZone);
  return new Date(instant).toISOString();
}
