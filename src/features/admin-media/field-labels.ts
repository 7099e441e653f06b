import type { MessageKey } from '~/shared/i18n/translate.ts';

// A field the API names (`chapters.1.caption`, `translations.es.title`) as the form labels it.

const LABELS: Record<string, MessageKey> = {
  title: 'adminMedia.field.title', name: 'adminMedia.field.name', description: 'adminMedia.field.description',
  summary: 'adminMedia.field.summary', author: 'adminMedia.field.author', slug: 'adminMedia.field.slug',
  bodyMarkdown: 'adminMedia.field.body', mediaId: 'adminMedia.field.cover', coverMediaId: 'adminMedia.field.cover',
  value: 'adminMedia.field.value', publishedAt: 'adminMedia.field.publishedAt', startsAt: 'adminMedia.field.startsAt',
  stopsAt: 'adminMedia.field.stopsAt', type: 'adminMedia.field.type', rankGate: 'adminMedia.field.rankGate',
  chapters: 'adminMedia.field.chapters', caption: 'adminMedia.field.caption', sponsorUrl: 'adminMedia.field.sponsorUrl',
  videoSourceType: 'adminMedia.field.sourceType', source: 'adminMedia.field.source', thumbnailSrc: 'adminMedia.field.thumbnail',
  durationSeconds: 'adminMedia.field.duration', clip: 'adminMedia.field.clip', picture: 'adminMedia.field.picture', minimumWatchSeconds: 'adminMedia.field.watchSeconds',
};

export function fieldLabel(t: App.Locals['t'], field: string): string {
  const steps = field.split('.');
  const last = steps.at(-1) ?? field;
  const label = LABELS[last] ? t(LABELS[last]) : field;
  const spanish = steps.includes('es') ? ` (${t('admin.language.es')})` : '';
  const chapter = steps[0] === 'chapters' && /^\d+$/.test(steps[1] ?? '') ? `${t('adminMedia.chapter', { n: Number(steps[1]) + 1 })}, ` : '';
  return `${chapter}${label}${spanish}`;
}
