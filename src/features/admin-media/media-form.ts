import type {
  AdminArticle, AdminStory, AdminVideo, ArticleInputBody, MediaCollection, StoryInputBody, VideoInputBody,
} from './admin-media.api.ts';
import { fromLocalInput, toLocalInput } from './zoned-time.ts';

// The console's media forms as flat fields (what a <form> posts without JavaScript): an item into the
// fields' values, and posted fields into the API's input. Spanish texts are `es.<field>`; a story's
// chapters `chapters.<n>.<field>`. A blank Spanish text is not written (supporters see the English);
// a value the API would refuse is sent as typed, so the refusal names its field.

export type FormValues = Record<string, string>;
/** Empty chapter rows a story's form offers below its chapters (without JavaScript, save to get more). */
export const SPARE_CHAPTERS = 2;

const INSTANTS = new Set(['startsAt', 'stopsAt', 'publishedAt']);
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** An item's values as the form shows them (instants on the club's clock). */
export function formValuesOf(collection: MediaCollection, item: AdminStory | AdminVideo | AdminArticle | undefined, timeZone: string): FormValues {
  const values: FormValues = {};
  if (!item) {
    // A new item starts now (stories run a day): the editor moves the times, or publishes at once.
    const now = toLocalInput(new Date().toISOString(), timeZone);
    return collection === 'stories'
      ? { type: 'default', value: '0', startsAt: now, stopsAt: toLocalInput(new Date(Date.now() + 86_400_000).toISOString(), timeZone) }
      : { value: '0', videoSourceType: 'youtube', publishedAt: now };
  }
  for (const [key, value] of Object.entries(item)) {
    if (key === 'translations' || key === 'chapters') continue;
    values[key] = INSTANTS.has(key) ? toLocalInput(value as string, timeZone) : str(value);
  }
  for (const [key, value] of Object.entries(item.translations.es ?? {})) values[`es.${key}`] = str(value);
  if ('chapters' in item) {
    item.chapters.forEach((chapter, i) => {
      for (const key of ['id', 'mediaId', 'caption', 'sponsorUrl'] as const) values[`chapters.${i}.${key}`] = str(chapter[key]);
      values[`chapters.${i}.es.caption`] = str(chapter.translations.es?.caption);
    });
  }
  return values;
}

/** A posted form's text fields. */
export function formValuesFrom(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value.trim();
  return values;
}

const text = (v: FormValues, key: string) => v[key] ?? '';
const optional = (v: FormValues, key: string) => (v[key] ? v[key] : undefined);
const nullable = (v: FormValues, key: string) => (v[key] ? v[key] : null);
const instant = (v: FormValues, key: string, timeZone: string) => (v[key] ? fromLocalInput(v[key]!, timeZone) ?? v[key]! : '');
/** Only the Spanish texts written. */
function spanish(v: FormValues, fields: string[], prefix = 'es.') {
  const es = Object.fromEntries(fields.map((f) => [f, v[`${prefix}${f}`]]).filter(([, value]) => value));
  return Object.keys(es).length ? { es } : {};
}

/** The chapter rows that hold anything, in the order shown. */
export function chapterIndexes(v: FormValues): number[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(v)) {
    const m = /^chapters\.(\d+)\.(mediaId|caption|sponsorUrl|es\.caption)$/.exec(key);
    if (m && v[key]) indexes.add(Number(m[1]));
  }
  return [...indexes].sort((a, b) => a - b);
}

export function storyInputOf(v: FormValues, timeZone: string): StoryInputBody {
  return {
    title: text(v, 'title'), type: (optional(v, 'type') ?? 'default') as StoryInputBody['type'],
    rankGate: nullable(v, 'rankGate') as StoryInputBody['rankGate'], coverMediaId: nullable(v, 'coverMediaId'),
    value: (optional(v, 'value') ?? 0) as number, startsAt: instant(v, 'startsAt', timeZone), stopsAt: instant(v, 'stopsAt', timeZone),
    chapters: chapterIndexes(v).map((i) => ({
      ...(v[`chapters.${i}.id`] ? { id: v[`chapters.${i}.id`] } : {}),
      mediaId: text(v, `chapters.${i}.mediaId`), caption: text(v, `chapters.${i}.caption`), sponsorUrl: nullable(v, `chapters.${i}.sponsorUrl`),
      translations: spanish(v, ['caption'], `chapters.${i}.es.`),
    })),
    translations: spanish(v, ['title']),
  };
}

export function videoInputOf(v: FormValues, timeZone: string): VideoInputBody {
  return {
    ...(v['slug'] ? { slug: v['slug'] } : {}), name: text(v, 'name'), description: text(v, 'description'),
    videoSourceType: (optional(v, 'videoSourceType') ?? 'youtube') as VideoInputBody['videoSourceType'], source: text(v, 'source'),
    thumbnailSrc: text(v, 'thumbnailSrc'), durationSeconds: text(v, 'durationSeconds') as unknown as number,
    value: (optional(v, 'value') ?? 0) as number, publishedAt: instant(v, 'publishedAt', timeZone),
    minimumWatchSeconds: nullable(v, 'minimumWatchSeconds') as number | null, translations: spanish(v, ['name', 'description']),
  };
}

export function articleInputOf(v: FormValues, timeZone: string): ArticleInputBody {
  return {
    ...(v['slug'] ? { slug: v['slug'] } : {}), title: text(v, 'title'), summary: text(v, 'summary'), author: text(v, 'author'),
    bodyMarkdown: text(v, 'bodyMarkdown'), mediaId: nullable(v, 'mediaId'), value: (optional(v, 'value') ?? 0) as number,
    publishedAt: instant(v, 'publishedAt', timeZone), translations: spanish(v, ['title', 'summary', 'bodyMarkdown']),
  };
}

export function inputOf(collection: MediaCollection, v: FormValues, timeZone: string) {
  if (collection === 'stories') return storyInputOf(v, timeZone);
  return collection === 'videos' ? videoInputOf(v, timeZone) : articleInputOf(v, timeZone);
}

export function isMediaCollection(value: string | undefined): value is MediaCollection {
  return value === 'stories' || value === 'videos' || value === 'articles';
}
