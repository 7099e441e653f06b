// The challenge pages' forms (/admin/challenges…), one action each: save (create or edit), duplicate,
// archive, publish, a pick'em's outcome, the excluded list. Each answers a toast and where to go next.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import {
  changeConsoleChallenge, createConsoleChallenge, getExcludedChallenges, setExcludedChallenges, setPickemOutcome, updateConsoleChallenge,
} from '~/features/admin-challenges/admin-challenges.api.ts';
import { inputOf, valuesOfForm } from '~/features/admin-challenges/challenge-form.ts';
import { refusalLines } from '~/features/admin-challenges/refusal.ts';
import { callApi } from '../api-call.ts';
import { staffApi, text } from './staff-call.ts';
import type { ActionAPIContext } from 'astro:actions';

const byId = z.object({ id: z.unknown(), outcome: z.unknown(), excluded: z.unknown() }).partial();
const CHANGED = {
  duplicate: 'adminChallenges.changed.duplicate', archive: 'adminChallenges.changed.archive', publish: 'adminChallenges.changed.publish',
} as const;
const editPage = (id: string) => `/admin/challenges/${encodeURIComponent(id)}`;

/** The admin call's answer, or its refusal: one line per field named in the page's language. */
const call = <T>(context: ActionAPIContext, promise: Promise<T>) => callApi(context, promise, (problem, t) => refusalLines(problem, t).join('\n'), 'admin.signedOut');

export const challenges = {
  save: defineAction({
    accept: 'form',
    handler: async (form: FormData, context) => {
      const { t, organization } = context.locals;
      const values = valuesOfForm(form);
      const input = inputOf(values, organization.timeZone);
      const id = text(values['id']);
      const saved = await call(context, id ? updateConsoleChallenge(staffApi(context), id, input) : createConsoleChallenge(staffApi(context), input));
      return { to: editPage(saved.challengeId), toast: { title: t(saved.draft ? 'adminChallenges.savedDraft' : 'adminChallenges.saved', { title: saved.title }) } };
    },
  }),
  change: defineAction({
    accept: 'form',
    input: byId.extend({ change: z.enum(['duplicate', 'archive', 'publish']) }),
    handler: async (input, context) => {
      const { t } = context.locals;
      const changed = await call(context, changeConsoleChallenge(staffApi(context), text(input.id), input.change));
      return { to: editPage(changed.challengeId), toast: { title: t(CHANGED[input.change], { title: changed.title }) } };
    },
  }),
  outcome: defineAction({
    accept: 'form',
    input: byId,
    handler: async (input, context) => {
      const { t } = context.locals;
      const id = text(input.id);
      const result = await call(context, setPickemOutcome(staffApi(context), id, Number(text(input.outcome) || -1)));
      return { to: editPage(id), toast: { title: t('adminChallenges.outcomeSet', { count: result.awarded }) } };
    },
  }),
  exclude: defineAction({
    accept: 'form',
    input: byId,
    handler: async (input, context) => {
      const { t } = context.locals;
      const id = text(input.id);
      const api = staffApi(context);
      const { ids } = await call(context, getExcludedChallenges(api));
      const hide = text(input.excluded) === 'yes';
      await call(context, setExcludedChallenges(api, hide ? [...new Set([...ids, id])] : ids.filter((other) => other !== id)));
      return { to: editPage(id), toast: { title: t(hide ? 'adminChallenges.excludedOn' : 'adminChallenges.excludedOff') } };
    },
  }),
};
