// The console's forms for the ranks' names and perks (/admin/ranks), each posted without JavaScript.
import { defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import { saveRank } from '~/features/admin-moments/admin-moments.api.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';
import { callApi } from '../api-call.ts';
import { staffApi, text } from './staff-call.ts';

const FIELD_LABELS: Record<string, MessageKey> = { title: 'adminMoments.field.title', perk: 'adminMoments.field.perk' };

/** A refusal in the API's words, each field named as the form labels it (and its language). */
function callMomentsApi<T>(context: ActionAPIContext, call: Promise<T>): Promise<T> {
  const { t } = context.locals;
  return callApi(context, call, (problem) => {
    const fields = Object.entries(problem.details).map(([field, why]) => {
      const spanish = field.startsWith('translations.es.');
      const name = field.replace(/^translations\.es\./, '');
      const label = FIELD_LABELS[name] ? t(FIELD_LABELS[name]) : name;
      return `${label} (${t(spanish ? 'adminMoments.field.spanish' : 'adminMoments.field.english')}): ${why}`;
    });
    return fields.length ? fields.join(' · ') : problem.message || t('admin.failed');
  }, 'admin.signedOut');
}

export const moments = {
  /** One rank's name and perk, English and Spanish (blank Spanish: the English shows). */
  rank: defineAction({
    accept: 'form',
    input: z.object({ name: z.unknown(), title: z.unknown(), perk: z.unknown(), 'es.title': z.unknown(), 'es.perk': z.unknown() }).partial(),
    handler: async (input, context) => {
      const name = text(input.name);
      await callMomentsApi(context, saveRank(staffApi(context), name, {
        title: text(input.title), perk: text(input.perk), translations: { es: { title: text(input['es.title']), perk: text(input['es.perk']) } },
      }));
      return { name, toast: { title: context.locals.t('adminMoments.ranks.saved', { rank: name }) } };
    },
  }),
};
