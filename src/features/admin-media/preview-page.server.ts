import type { AstroGlobal } from 'astro';
import { staffOf } from '~/features/admin/staff.ts';
import { unlessMissing } from './unless-missing.ts';
import type { Locale } from '~/shared/i18n/locales.ts';
import { loadMessages, translator } from '~/shared/i18n/translate.ts';
import { previewMedia, type MediaCollection, type MediaPreview } from './admin-media.api.ts';

// An item's preview page: the supporters' own answer for it in the language asked for (`?lang=en|es`), for
// an adult or an under-18 supporter (`?age=adult|minor`), with the supporters' words in that language.

export interface PreviewPage<C extends MediaCollection = MediaCollection> {
  collection: C;
  id: string;
  view: MediaPreview<C>;
  language: Locale;
  underage: boolean;
  /** The supporters' words in the preview's language. */
  words: App.Locals['t'];
  /** The console's words around it, in the operator's language. */
  heading: string;
  label: string;
  note: string;
  back: string;
}

export async function previewPage<C extends MediaCollection>(astro: AstroGlobal, collection: C): Promise<Response | PreviewPage<C>> {
  const { api } = staffOf(astro.locals);
  const id = astro.params['id'] ?? '';
  const language: Locale = astro.url.searchParams.get('lang') === 'es' ? 'es' : 'en';
  const view = await unlessMissing(previewMedia(api, collection, id, language));
  if (!view) {
    astro.locals.notFound = { path: astro.url.pathname };
    return astro.rewrite('/404');
  }
  const messages = await loadMessages(language);
  const underage = astro.url.searchParams.get('age') === 'minor';
  const { t } = astro.locals;
  const spanish = language === 'es';
  const label = underage ? (spanish ? 'adminMedia.previewMinorEs' : 'adminMedia.previewMinorEn') : (spanish ? 'adminMedia.previewAdultEs' : 'adminMedia.previewAdultEn');
  return {
    collection, id, view, language, underage, words: translator(messages, language),
    heading: t('adminMedia.previewTitle', { title: 'name' in view ? view.name : view.title }), label: t(label),
    note: t('adminMedia.previewNote'), back: t('adminMedia.backToEdit'),
  };
}
