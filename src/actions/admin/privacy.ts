// A supporter's data from their console page (/admin/members/{id}): the erasure, with support's reason.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { eraseMember } from '~/features/privacy/privacy.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callStaffApi, staffApi, text } from './staff-call.ts';

export const privacy = {
  erase: defineAction({
    accept: 'form',
    input: z.object({ id: z.unknown(), reason: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }).partial(),
    handler: async (input, context) => {
      const { t } = context.locals;
      await callStaffApi(context, eraseMember(staffApi(context), text(input.id), text(input.reason), idempotencyHeaders(input[FORM_KEY_FIELD])));
      return { toast: { title: t('privacy.admin.erased') } };
    },
  }),
};
