import type { ApiProblem } from '~/lib/api/errors.ts';
import type { MessageKey, Translate } from '~/shared/i18n/translate.ts';

// A refused save as the form shows it: one line per field the API named, with the field's label in the page's
// language ("Option 2 · label: …"), else the API's message.

const FIELDS: Record<string, MessageKey> = {
  subtype: 'adminChallenges.field.subtype', title: 'adminChallenges.field.title', description: 'adminChallenges.field.description',
  hint: 'adminChallenges.field.hint', value: 'adminChallenges.field.value', mediaId: 'adminChallenges.field.mediaId',
  visibleFrom: 'adminChallenges.field.visibleFrom', expiresOn: 'adminChallenges.field.expiresOn', options: 'adminChallenges.field.options',
  questions: 'adminChallenges.field.questions', answer: 'adminChallenges.field.answer', game: 'adminChallenges.field.game',
  draft: 'adminChallenges.field.draft', translations: 'adminChallenges.field.spanish', ids: 'adminChallenges.field.excluded',
  responseIndex: 'adminChallenges.field.outcome',
};

/** `options.1.label` → "Options 2 · label". */
export function fieldLabel(path: string, t: Translate): string {
  const [top = '', ...rest] = path.split('.');
  const named = FIELDS[top] ? t(FIELDS[top]) : top;
  const tail = rest.filter((step) => step !== 'es').map((step) => (/^\d+$/.test(step) ? String(Number(step) + 1) : step));
  return [named, ...tail].join(' · ');
}

export function refusalLines(problem: ApiProblem, t: Translate): string[] {
  const fields = Object.entries(problem.details);
  if (fields.length === 0) return [problem.message || t('admin.failed')];
  return fields.map(([path, message]) => `${fieldLabel(path, t)}: ${message}`);
}
