import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { staffOf } from '~/features/admin/staff.ts';
import { answerAction } from '~/lib/forms/form-action.server.ts';
import { loadMessages, translator } from '~/shared/i18n/translate.ts';
import { getClubItem, type ClubCollection, type ClubItem } from './admin-club.api.ts';

// What a console page of the club's content does before it draws: answers the forms posted to it (a 303
// to the item's page with the toast, or the refusal to show), and loads the item (a 404 when there is none).

type Page = AstroGlobal;

async function postedForm(astro: Page, refused: boolean): Promise<FormData | undefined> {
  return refused ? astro.request.clone().formData().catch(() => undefined) : undefined;
}

export async function answerNewPage(astro: Page, collection: ClubCollection) {
  const save = answerAction(astro, astro.getActionResult(actions.admin.club.save), ({ toast }) => toast, ({ id }) => `/admin/${collection}/${id}`);
  if (save instanceof Response) return save;
  return { refusal: save.refusal, posted: await postedForm(astro, !!save.refusal) };
}

export interface ItemPage {
  item: ClubItem;
  refusal?: string | undefined;
  actionRefusal?: string | undefined;
  posted?: FormData | undefined;
}

export async function answerItemPage(astro: Page, collection: ClubCollection, id: string): Promise<Response | ItemPage> {
  const base = `/admin/${collection}`;
  const save = answerAction(astro, astro.getActionResult(actions.admin.club.save), ({ toast }) => toast, ({ id: saved }) => `${base}/${saved}`);
  if (save instanceof Response) return save;
  const mark = answerAction(astro, astro.getActionResult(actions.admin.club.mark), ({ toast }) => toast, ({ id: after }) => `${base}/${after}`);
  if (mark instanceof Response) return mark;
  const run = answerAction(astro, astro.getActionResult(actions.admin.club.run), ({ toast }) => toast, `${base}/${id}`);
  if (run instanceof Response) return run;
  const item = await getClubItem(staffOf(astro.locals).api, collection, id).catch((error: unknown) => {
    if ((error as { response?: Response }).response?.status === 404) return undefined;
    throw error;
  });
  if (!item) return astro.rewrite('/404');
  return { item, refusal: save.refusal, actionRefusal: mark.refusal ?? run.refusal, posted: await postedForm(astro, !!save.refusal) };
}

/** The preview's item, language and age; the page's words switched to that language (as that supporter's page is). */
export async function answerPreviewPage(astro: Page, collection: ClubCollection, id: string) {
  const item = await getClubItem(staffOf(astro.locals).api, collection, id).catch((error: unknown) => {
    if ((error as { response?: Response }).response?.status === 404) return undefined;
    throw error;
  });
  if (!item) return astro.rewrite('/404');
  const lang = astro.url.searchParams.get('lang') === 'es' ? 'es' as const : 'en' as const;
  const minor = astro.url.searchParams.get('age') === 'minor';
  const { locals } = astro;
  locals.locale = lang;
  locals.messages = await loadMessages(lang);
  locals.t = translator(locals.messages, lang);
  return { item, lang, minor };
}
