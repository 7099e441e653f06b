import type { AdminChallenge, AdminChallengeInput, ChallengeSubtypeName } from './admin-challenges.api.ts';
import { utcToZoned, zonedToUtc } from './zoned-time.ts';

// The challenge form's fields, both ways: a saved challenge (or a posted form) as the form's values, and the
// posted values as the admin API's body. Lists (options, questions, a game's tiers) are numbered rows;
// blank rows are left out. Times are the club's wall-clock times.

export type FormValues = Record<string, string>;

export const SUBTYPES = ['poll', 'pickem', 'trivia', 'keyword', 'feedback', 'arcade'] as const satisfies readonly ChallengeSubtypeName[];
/** Blank rows a list shows beyond its filled ones; "add another" posts back for one more. */
export const BLANK_ROWS = { opt: 3, q: 1, tier: 2 } as const;
/** A question's option rows. */
export const QUESTION_OPTIONS = 4;
export type RowKind = keyof typeof BLANK_ROWS;

export function isSubtype(value: string): value is ChallengeSubtypeName {
  return (SUBTYPES as readonly string[]).includes(value);
}

/** A saved challenge as the form's values. */
export function valuesOf(c: AdminChallenge, timeZone: string): FormValues {
  const es = c.translations.es ?? {};
  const v: FormValues = {
    id: c.challengeId, subtype: c.subtype, title: c.title, description: c.description, hint: c.hint ?? '', value: String(c.value),
    mediaId: c.mediaId ?? '', visibleFrom: utcToZoned(c.visibleFrom, timeZone), expiresOn: utcToZoned(c.expiresOn, timeZone),
    answer: c.answer ?? '', 'es.title': es.title ?? '', 'es.description': es.description ?? '', 'es.hint': es.hint ?? '',
  };
  c.options.forEach((o, i) => {
    v[`opt.${i}.label`] = o.label;
    v[`opt.${i}.points`] = o.points === null ? '' : String(o.points);
    v[`es.opt.${i}`] = es.options?.[i] ?? '';
  });
  c.questions.forEach((q, i) => {
    Object.assign(v, { [`q.${i}.id`]: q.questionId, [`q.${i}.text`]: q.text, [`q.${i}.points`]: String(q.points), [`q.${i}.correct`]: String(q.correctIndex) });
    q.options.forEach((o, j) => { v[`q.${i}.opt.${j}`] = o; });
    v[`es.q.${i}.text`] = es.questions?.[i]?.text ?? '';
    es.questions?.[i]?.options?.forEach((o, j) => { v[`es.q.${i}.opt.${j}`] = o; });
  });
  if (c.game) {
    Object.assign(v, { 'game.durationSeconds': String(c.game.durationSeconds), 'game.maxScore': String(c.game.maxScore), 'game.maxScorePerSecond': String(c.game.maxScorePerSecond) });
    c.game.tiers.forEach((tier, i) => { v[`tier.${i}.minScore`] = String(tier.minScore); v[`tier.${i}.points`] = String(tier.points); });
  }
  return v;
}

/** A posted form as the form's values (text fields only). */
export function valuesOfForm(form: FormData): FormValues {
  const v: FormValues = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string' && !(name in v)) v[name] = value;
  return v;
}

const filled = (v: FormValues, prefix: string) => Object.entries(v).some(([name, value]) => name.startsWith(prefix) && value.trim() !== '');

/** How many rows of a list the form shows: the posted count (one more after "add another"), else the filled rows and the blank ones. */
export function rowsOf(v: FormValues, kind: RowKind): number {
  const posted = Number(v[`rows.${kind}`]);
  const more = v['more'] === kind ? 1 : 0;
  if (Number.isInteger(posted) && posted > 0) return Math.min(posted + more, kind === 'q' ? 50 : 20);
  let used = 0;
  while (filled(v, `${kind}.${used}.`) || filled(v, `es.${kind}.${used}`)) used += 1;
  return used + BLANK_ROWS[kind] + more;
}

const text = (v: FormValues, name: string) => (v[name] ?? '').trim();
/** A number field: a number when it reads as one, else what was written (the API then names the field). */
function numberOf(value: string): number | string | undefined {
  if (value === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}
const time = (value: string, timeZone: string) => (value === '' ? null : zonedToUtc(value, timeZone) ?? value);
const indexes = (v: FormValues, kind: RowKind) => Array.from({ length: rowsOf(v, kind) }, (_, i) => i);

/** The posted values as the admin API's body; `draft` from the button pressed. */
export function inputOf(v: FormValues, timeZone: string): AdminChallengeInput {
  const subtype = text(v, 'subtype') as ChallengeSubtypeName;
  const options = indexes(v, 'opt').filter((i) => filled(v, `opt.${i}.`) || text(v, `es.opt.${i}`));
  const questions = indexes(v, 'q').filter((i) => filled(v, `q.${i}.text`) || filled(v, `q.${i}.opt.`));
  const tiers = indexes(v, 'tier').filter((i) => filled(v, `tier.${i}.`));
  const questionOptions = (i: number) => Array.from({ length: QUESTION_OPTIONS }, (_, j) => j).filter((j) => text(v, `q.${i}.opt.${j}`));
  const body = {
    subtype, title: text(v, 'title'), description: (v['description'] ?? '').trim(), hint: text(v, 'hint') || null,
    value: numberOf(text(v, 'value')) ?? 0, mediaId: text(v, 'mediaId') || null,
    visibleFrom: time(text(v, 'visibleFrom'), timeZone) ?? '', expiresOn: time(text(v, 'expiresOn'), timeZone),
    draft: v['intent'] !== 'publish',
    options: subtype === 'poll' || subtype === 'pickem'
      ? options.map((i) => {
        const points = numberOf(text(v, `opt.${i}.points`));
        return points === undefined ? { label: text(v, `opt.${i}.label`) } : { label: text(v, `opt.${i}.label`), points };
      })
      : [],
    questions: subtype === 'trivia'
      ? questions.map((i) => {
        const kept = questionOptions(i);
        const correct = kept.indexOf(Number(v[`q.${i}.correct`]));
        return {
          ...(text(v, `q.${i}.id`) ? { questionId: text(v, `q.${i}.id`) } : {}),
          text: text(v, `q.${i}.text`), options: kept.map((j) => text(v, `q.${i}.opt.${j}`)),
          correctIndex: correct < 0 ? kept.length : correct, points: numberOf(text(v, `q.${i}.points`)) ?? 0,
        };
      })
      : [],
    answer: subtype === 'keyword' ? text(v, 'answer') || null : null,
    game: subtype === 'arcade' ? {
      durationSeconds: numberOf(text(v, 'game.durationSeconds')), maxScore: numberOf(text(v, 'game.maxScore')),
      maxScorePerSecond: numberOf(text(v, 'game.maxScorePerSecond')),
      tiers: tiers.map((i) => ({ minScore: numberOf(text(v, `tier.${i}.minScore`)) ?? 0, points: numberOf(text(v, `tier.${i}.points`)) ?? 0 })),
    } : null,
    translations: {
      es: {
        title: text(v, 'es.title'), description: (v['es.description'] ?? '').trim(), hint: text(v, 'es.hint'),
        options: options.map((i) => text(v, `es.opt.${i}`)),
        questions: questions.map((i) => ({
          text: text(v, `es.q.${i}.text`), options: questionOptions(i).map((j) => text(v, `es.q.${i}.opt.${j}`)),
        })),
      },
    },
  };
  // Numbers written as words reach the API as they are, so it names the field: the type says numbers.
  return body as AdminChallengeInput;
}
