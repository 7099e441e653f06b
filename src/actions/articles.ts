// An article's read award, said once: the form at the end of /media/articles/{slug} posts there without
// JavaScript (`?_action=articles.read`) with the signed read ticket. The API refuses a read sent before
// the minimum reading time, and pays once.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { pointsText } from '~/components/ui/points-label.ts';
import { readArticle } from '~/features/articles/articles.api.ts';
import { awardToast, newRankOf } from '~/features/session/award-toast.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const articles = {
  /** POST /article/{slug}/read {checksum}; the toast (points for a supporter who sees them, a new rank). */
  read: defineAction({
    accept: 'form',
    input: z.object({ article: z.unknown(), checksum: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t, terms, locale, user } = signedIn(context);
      const result = await callApi(context, readArticle(api, text(input.article), text(input.checksum), { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }),
        (problem) => problem.message || t('articles.readFailed'));
      const description = result.pointsAwarded > 0 && !user.underage
        ? t('articles.readDone', { points: pointsText(result.pointsAwarded, terms, locale) })
        : undefined;
      return { toast: awardToast({ title: t('articles.readToast'), ...(description ? { description } : {}) }, newRankOf(user, result.standing), t) };
    },
  }),
};
