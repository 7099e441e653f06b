// Putting a balance right, each form declared once: a credit or debit, the reversal of one award (both posted
// to /admin/adjustments/new, which answers them), and the owner's approval or refusal (/admin/adjustments).
import { defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import { formatNumber } from '~/components/ui/format-number.ts';
import { adjustMember, decideAdjustment, type AdjustmentInput, type AdjustmentView } from '~/features/admin/members/adjustments.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callStaffApi, staffApi, text } from './staff-call.ts';

const fields = z.object({
  member: z.unknown(), points: z.unknown(), reverses: z.unknown(), reason: z.unknown(), reasonEs: z.unknown(),
  returnTo: z.unknown(), id: z.unknown(), [FORM_KEY_FIELD]: z.unknown(),
}).partial();
type Fields = z.infer<typeof fields>;

/** The posted points as the API reads them: a whole number when it is one, else the text (the API names the mistake). */
const pointsOf = (value: unknown): number | string => (/^[-+]?\d{1,9}$/.test(text(value)) ? Number(text(value)) : text(value));

function reasonBody(input: Fields): Pick<AdjustmentInput, 'reason' | 'translations'> {
  const es = text(input.reasonEs);
  return { reason: text(input.reason), ...(es ? { translations: { es: { reason: es } } } : {}) };
}

/** The answer and its toast: applied (with the new balance) or waiting for the owner. */
function answered(context: ActionAPIContext, adjustment: AdjustmentView, appliedWords: 'adminAdjustments.applied' | 'adminAdjustments.reversed') {
  const { t, locale } = context.locals;
  const title = adjustment.status === 'pending' ? t('adminAdjustments.pending')
    : t(appliedWords, { balance: formatNumber(adjustment.balanceAfter ?? 0, locale) });
  return { adjustment, toast: { title } };
}

export const adjustments = {
  /** POST /admin/members/{id}/adjustments {points, reason, translations}. */
  adjust: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const body = { points: pointsOf(input.points) as number, ...reasonBody(input) };
      const call = adjustMember(staffApi(context), text(input.member), body, idempotencyHeaders(input[FORM_KEY_FIELD]));
      return answered(context, await callStaffApi(context, call), 'adminAdjustments.applied');
    },
  }),
  /** POST /admin/members/{id}/adjustments {reverses, reason}: one award taken back exactly. */
  reverse: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const body = { reverses: text(input.reverses), ...reasonBody(input) };
      const call = adjustMember(staffApi(context), text(input.member), body, idempotencyHeaders(input[FORM_KEY_FIELD]));
      return answered(context, await callStaffApi(context, call), 'adminAdjustments.reversed');
    },
  }),
  approve: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t, locale } = context.locals;
      const done = await callStaffApi(context, decideAdjustment(staffApi(context), text(input.id), 'approve'));
      const who = done.supporter?.email ?? t('adminAdjustments.goneSupporter');
      return { toast: { title: t('adminAdjustments.approved', { who, balance: formatNumber(done.balanceAfter ?? 0, locale) }) } };
    },
  }),
  refuse: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t } = context.locals;
      await callStaffApi(context, decideAdjustment(staffApi(context), text(input.id), 'refuse'));
      return { toast: { title: t('adminAdjustments.refused') } };
    },
  }),
};
