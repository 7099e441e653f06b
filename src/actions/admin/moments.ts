// The console's forms for the ranks' names and perks (/admin/ranks) and the milestone badges (/admin/badges),
// each posted without JavaScript.
import { defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import { saveBadge, saveRank, uploadBadgeImage } from '~/features/admin-moments/admin-moments.api.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';
import { callLabelledApi, staffApi, text } from './staff-call.ts';

const FIELD_LABELS: Record<string, MessageKey> = {
  title: 'adminMoments.field.title', perk: 'adminMoments.field.perk', name: 'adminMoments.field.name', image: 'adminMoments.field.image',
};

/** A refusal in the API's words, each field named as the form labels it (and its language). */
const callMomentsApi = <T>(context: ActionAPIContext, call: Promise<T>): Promise<T> => callLabelledApi(context, call, FIELD_LABELS, ['image']);

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
  /** A milestone badge's name (English, Spanish) and picture path. */
  badge: defineAction({
    accept: 'form',
    input: z.object({ milestone: z.unknown(), name: z.unknown(), image: z.unknown(), 'es.name': z.unknown() }).partial(),
    handler: async (input, context) => {
      const milestone = text(input.milestone);
      // A blank Spanish name: the English one shows.
      const esName = text(input['es.name']);
      const saved = await callMomentsApi(context, saveBadge(staffApi(context), milestone, {
        name: text(input.name), image: text(input.image), translations: esName ? { es: { name: esName } } : {},
      }));
      const name = saved.find((b) => b.milestone === milestone)?.name ?? milestone;
      return { milestone, toast: { title: context.locals.t('adminMoments.badges.saved', { badge: name }) } };
    },
  }),
  /** A milestone badge's picture, uploaded. */
  badgeImage: defineAction({
    accept: 'form',
    input: z.object({ milestone: z.string(), image: z.instanceof(File) }),
    handler: async (input, context) => {
      const saved = await callMomentsApi(context, uploadBadgeImage(staffApi(context), input.milestone, input.image));
      const name = saved.find((b) => b.milestone === input.milestone)?.name ?? input.milestone;
      return { milestone: input.milestone, toast: { title: context.locals.t('adminMoments.badges.saved', { badge: name }) } };
    },
  }),
};
