// The club lane's console forms (/admin/carousel, activations, experiences, sweepstakes, settings), each
// declared once: save (make or change), duplicate / archive / publish, the owner's draw and cancel, the
// club's settings and its crest.
import { COLLECTION_WORDS, DONE_WORDS } from '~/features/admin-club/words.ts';
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import {
  CLUB_COLLECTIONS, createClubItem, markClubItem, runSweepstake, saveClubSettings, saveClubItem, uploadCrest, type ClubCollection, type SettingsInput,
} from '~/features/admin-club/admin-club.api.ts';
import { bodyOf, apiFieldLabel, FIELDS } from '~/features/admin-club/fields.ts';
import { SETTING_SECTIONS, settingsBodyOf, THEME_COLOURS } from '~/features/admin-club/settings-form.ts';
import { forgetOrganization } from '~/app/api.server.ts';
import { FOR_VISITORS } from '~/shared/kept-pages.ts';
import { callApi } from '../api-call.ts';
import { staffApi, text } from './staff-call.ts';

/** A refusal in the API's words, each field named as the form labels it. */
function callClubApi<T>(context: ActionAPIContext, call: Promise<T>): Promise<T> {
  const { t } = context.locals;
  return callApi(context, call, (problem) => {
    const fields = Object.entries(problem.details).map(([field, why]) => {
      const [name = field, ...rest] = field.replace(/^translations\.es\./, '').split('.');
      const spanish = field.startsWith('translations.es.') ? ` (${t('admin.language.es')})` : '';
      const key = apiFieldLabel(name);
      const label = key ? t(key) : name;
      return `${label}${rest.length ? ` ${rest.join('.')}` : ''}${spanish}: ${why}`;
    });
    return fields.length ? fields.join(' · ') : problem.message || t('admin.failed');
  }, 'admin.signedOut');
}

/**
 * After the club's settings changed: this process's pages read them afresh, and its visitors' kept pages (the
 * about page, the home page) are made again. Another process catches up within the minute it keeps them.
 */
async function clubChanged(context: ActionAPIContext): Promise<void> {
  forgetOrganization();
  await context.cache.invalidate({ tags: [FOR_VISITORS] });
}

function collectionOf(value: unknown): ClubCollection {
  const collection = text(value) as ClubCollection;
  if (!(CLUB_COLLECTIONS as readonly string[]).includes(collection)) throw new ActionError({ code: 'BAD_REQUEST', message: 'unknown collection' });
  return collection;
}

/** A form's fields as the action reads them (Astro reads a posted form by its schema's keys): every field of every kind. */
const formOf = (names: string[]) => z.object(Object.fromEntries(names.map((name) => [name, z.unknown()]))).partial();
const ITEM_FORM = formOf(['collection', 'id', ...new Set(Object.values(FIELDS).flat().flatMap((f) => (f.translated ? [f.name, `es.${f.name}`] : [f.name])))]);
const SETTINGS_FORM = formOf(['timeZone', ...THEME_COLOURS.map((c) => `theme.${c}`), ...SETTING_SECTIONS.flatMap((s) => s.fields.flatMap((f) => (f.translated ? [f.name, `es.${f.name}`] : [f.name])))]);

const noun = (collection: ClubCollection) => COLLECTION_WORDS[collection].one;

export const club = {
  /** Makes an item (no `id`) or changes one; answers where its page is. */
  save: defineAction({
    accept: 'form',
    input: ITEM_FORM,
    handler: async (input, context) => {
      const { t, organization } = context.locals;
      const collection = collectionOf(input['collection']);
      const id = text(input['id']);
      const posted = input as Record<string, unknown>;
      const body = bodyOf(collection, (name) => posted[name], organization.timeZone);
      const api = staffApi(context);
      if (id) {
        await callClubApi(context, saveClubItem(api, collection, id, body));
        return { id, collection, toast: { title: t('adminClub.saved', { what: t(noun(collection)) }) } };
      }
      // Made as a draft: the editor previews it, then publishes it.
      body['draft'] = true;
      const made = await callClubApi(context, createClubItem(api, collection, body));
      return { id: made.id ?? made.sweepstakeId ?? '', collection, toast: { title: t('adminClub.made', { what: t(noun(collection)) }) } };
    },
  }),
  /** duplicate (opens the copy), archive, publish. */
  mark: defineAction({
    accept: 'form',
    input: z.object({ collection: z.unknown(), id: z.unknown(), what: z.unknown() }).partial(),
    handler: async (input, context) => {
      const { t } = context.locals;
      const collection = collectionOf(input.collection);
      const what = text(input.what);
      if (what !== 'duplicate' && what !== 'archive' && what !== 'publish') throw new ActionError({ code: 'BAD_REQUEST', message: t('admin.failed') });
      const after = await callClubApi(context, markClubItem(staffApi(context), collection, text(input.id), what));
      return { id: after.id, collection, toast: { title: t(DONE_WORDS[what], { what: t(noun(collection)) }) } };
    },
  }),
  /** The owner's draw or cancel. */
  run: defineAction({
    accept: 'form',
    input: z.object({ id: z.unknown(), what: z.unknown() }).partial(),
    handler: async (input, context) => {
      const { t } = context.locals;
      const what = text(input.what) === 'cancel' ? 'cancel' : 'draw';
      await callClubApi(context, runSweepstake(staffApi(context), text(input.id), what));
      return { id: text(input.id), toast: { title: t(what === 'draw' ? 'adminClub.sweepstakes.drawn' : 'adminClub.sweepstakes.cancelled') } };
    },
  }),
  settings: defineAction({
    accept: 'form',
    input: SETTINGS_FORM,
    handler: async (input, context) => {
      const posted = input as Record<string, unknown>;
      const body: SettingsInput = settingsBodyOf((name) => posted[name]);
      await callClubApi(context, saveClubSettings(staffApi(context), body));
      await clubChanged(context);
      return { toast: { title: context.locals.t('adminClub.settings.saved') } };
    },
  }),
  crest: defineAction({
    accept: 'form',
    input: z.object({ crest: z.instanceof(File) }),
    handler: async (input, context) => {
      await callClubApi(context, uploadCrest(staffApi(context), input.crest));
      await clubChanged(context);
      return { toast: { title: context.locals.t('adminClub.settings.crestSaved') } };
    },
  }),
};
