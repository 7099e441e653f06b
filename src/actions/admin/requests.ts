// The console's request page (/admin/requests/{id}): answer by e-mail, close, and fix the supporter's
// birthday with a reason. Each a plain form, declared once.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { closeSupportRequest, fixMemberBirthday, replyToSupportRequest } from '~/features/admin/requests/requests.api.ts';
import { formatDay } from '~/shared/i18n/format.ts';
import { callStaffApi, staffApi, text } from './staff-call.ts';

const fields = z.object({ id: z.unknown(), member: z.unknown(), message: z.unknown(), birthday: z.unknown(), reason: z.unknown() }).partial();
// The answer keeps its paragraphs: only its ends are trimmed (by the API).
const body = (value: unknown) => (typeof value === 'string' ? value : '');

export const requests = {
  reply: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t } = context.locals;
      const answered = await callStaffApi(context, replyToSupportRequest(staffApi(context), text(input.id), body(input.message)));
      return { toast: { title: t('adminRequests.reply.sent', { email: answered.member.email }) } };
    },
  }),
  close: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t } = context.locals;
      const closed = await callStaffApi(context, closeSupportRequest(staffApi(context), text(input.id)));
      return { toast: { title: t('adminRequests.close.done', { reference: closed.reference }) } };
    },
  }),
  birthday: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t, locale } = context.locals;
      const fixed = await callStaffApi(context, fixMemberBirthday(staffApi(context), text(input.member), { birthday: text(input.birthday), reason: text(input.reason) }));
      const date = formatDay(fixed.birthday, locale);
      const title = fixed.changed
        ? t('adminRequests.birthday.done', { date, age: t(fixed.underage ? 'adminRequests.minor' : 'adminRequests.adult') })
        : t('adminRequests.birthday.same', { date });
      return { toast: { title } };
    },
  }),
};
