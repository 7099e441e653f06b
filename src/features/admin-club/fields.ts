import { FIELD_WORDS } from './words.ts';
import type { ClubCollection } from './admin-club.api.ts';

// What the console's forms of the club's content hold, field by field: the API's field name, the kind of
// input, whether it has a Spanish value beside the English one. The same list draws the form (ClubForm.astro)
// and reads it back into the admin API's body (bodyOf), so a form and its action never disagree.

export type FieldType = 'text' | 'textarea' | 'number' | 'checkbox' | 'datetime' | 'list' | 'path';

export interface FieldSpec {
  name: FieldName;
  type: FieldType;
  /** Has a Spanish value (`translations.es.<name>`), written beside the English one. */
  translated?: boolean;
  /** Blank sends null (the API's "none"); otherwise a blank optional field is left out. */
  nullable?: boolean;
  required?: boolean;
}

const text = (name: FieldName, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, type: 'text', ...extra });

export const FIELDS: Record<ClubCollection, FieldSpec[]> = {
  carousel: [
    text('title', { translated: true, required: true }), { name: 'description', type: 'textarea', translated: true },
    text('cta', { translated: true, required: true }), { name: 'points', type: 'number', required: true },
    { name: 'image', type: 'path', required: true }, text('url', { required: true }), text('icon', { required: true }),
    { name: 'underageGate', type: 'checkbox' }, { name: 'isAd', type: 'checkbox' }, { name: 'position', type: 'number' },
    { name: 'startsAt', type: 'datetime', nullable: true }, { name: 'endsAt', type: 'datetime', nullable: true },
  ],
  activations: [
    text('slug', { required: true }), text('title', { translated: true, required: true }), { name: 'description', type: 'textarea', translated: true },
    text('badgeName', { translated: true, required: true }), { name: 'badgeImage', type: 'path', required: true },
    { name: 'points', type: 'number', required: true }, { name: 'startsAt', type: 'datetime', required: true }, { name: 'stopsAt', type: 'datetime', required: true },
  ],
  experiences: [
    text('slug', { required: true }), text('title', { translated: true, required: true }), { name: 'description', type: 'textarea', translated: true },
    { name: 'image', type: 'path', nullable: true }, { name: 'tiers', type: 'list', required: true }, { name: 'adultsOnly', type: 'checkbox' },
    { name: 'places', type: 'number', required: true }, { name: 'position', type: 'number' },
  ],
  sweepstakes: [
    text('slug', { required: true }), text('title', { translated: true, required: true }), { name: 'description', type: 'textarea', translated: true, required: true },
    text('prize', { translated: true, required: true }), { name: 'prizeValue', type: 'number', required: true }, text('currency', { required: true }),
    text('sponsor', { required: true }), text('mediaId', { nullable: true }), { name: 'costPerEntry', type: 'number', required: true },
    { name: 'maxEntriesPerSupporter', type: 'number', required: true }, { name: 'winnerCount', type: 'number', required: true },
    { name: 'startsAt', type: 'datetime', required: true }, { name: 'endsAt', type: 'datetime', required: true },
    { name: 'rules', type: 'textarea', translated: true },
  ],
};

export type FieldName = keyof typeof FIELD_WORDS;

/** The field's label: `adminClub.field.<name>`. */
export const fieldLabel = (name: FieldName) => FIELD_WORDS[name];

/** The label of a field the API named in a refusal, or undefined for one the forms do not have. */
export function apiFieldLabel(name: string): (typeof FIELD_WORDS)[FieldName] | undefined {
  return Object.hasOwn(FIELD_WORDS, name) ? FIELD_WORDS[name as FieldName] : undefined;
}

/** Minutes east of UTC of `zone` at `instant`. */
function offsetMinutes(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant) / 60_000;
}

/** A `datetime-local` value read in the club's time zone, as ISO 8601 UTC; undefined when it is not one. */
export function zonedToIso(local: string, zone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Twice: the offset at the guessed instant may differ from the one at the answer around a clock change.
  let instant = wall - offsetMinutes(zone, wall) * 60_000;
  instant = wall - offsetMinutes(zone, instant) * 60_000;
  return new Date(instant).toISOString();
}

/** An ISO instant as a `datetime-local` value in the club's time zone. */
export function isoToZoned(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  return new Date(instant + offsetMinutes(zone, instant) * 60_000).toISOString().slice(0, 16);
}

type Posted = (name: string) => unknown;

/**
 * The admin API's body from a posted form, the whole item (a save sends every field, on create and on edit):
 * `name` for English, `es.<name>` for Spanish. A blank optional field is left out (the API's default applies),
 * a blank nullable one is null;
 * what is not valid (a number that is not one, a time that is not one) is sent as written, and the API's 422
 * names the field.
 */
export function bodyOf(collection: ClubCollection, posted: Posted, zone: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const es: Record<string, string> = {};
  const textOf = (name: string) => { const v = posted(name); return typeof v === 'string' ? v.trim() : ''; };
  for (const field of FIELDS[collection]) {
    const raw = textOf(field.name);
    if (field.translated) {
      const spanish = textOf(`es.${field.name}`);
      if (spanish) es[field.name] = spanish;
    }
    if (field.type === 'checkbox') {
      body[field.name] = raw === 'on' || raw === 'true';
      continue;
    }
    if (!raw) {
      if (field.nullable) body[field.name] = null;
      else if (field.required) body[field.name] = '';
      continue;
    }
    if (field.type === 'number') body[field.name] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    else if (field.type === 'datetime') body[field.name] = zonedToIso(raw, zone) ?? raw;
    else if (field.type === 'list') body[field.name] = raw.split(',').map((s) => s.trim()).filter(Boolean);
    else body[field.name] = raw;
  }
  body['translations'] = { es };
  return body;
}
