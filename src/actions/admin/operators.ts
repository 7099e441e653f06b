// The staff page's forms (/admin/operators), each declared once: invite, change a role, remove.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { changeOperatorRole, inviteOperator, removeOperator, type OperatorRoleName } from '~/features/admin/admin.api.ts';
import { roleName } from '~/features/admin/roles.ts';
import { callStaffApi, staffApi, text } from './staff-call.ts';

const fields = z.object({ email: z.unknown(), role: z.unknown(), id: z.unknown() }).partial();

export const operators = {
  invite: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t } = context.locals;
      const invited = await callStaffApi(context, inviteOperator(staffApi(context), { email: text(input.email), role: text(input.role) as OperatorRoleName }));
      return { toast: { title: t('admin.operators.invited', { email: invited.email }) } };
    },
  }),
  role: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t } = context.locals;
      const changed = await callStaffApi(context, changeOperatorRole(staffApi(context), text(input.id), text(input.role) as OperatorRoleName));
      return { toast: { title: t('admin.operators.roleChanged', { email: changed.email, role: roleName(t, changed.role) }) } };
    },
  }),
  remove: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const { t } = context.locals;
      await callStaffApi(context, removeOperator(staffApi(context), text(input.id)));
      return { toast: { title: t('admin.operators.removed', { email: text(input.email) }) } };
    },
  }),
};
