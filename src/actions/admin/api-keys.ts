// The API keys page's forms (/admin/api-keys): make a key (shown on the answer page, once), revoke one.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { createApiKey, revokeApiKey, type OperatorRoleName } from '~/features/admin/admin.api.ts';
import { callStaffApi, staffApi, text } from './staff-call.ts';

const fields = z.object({ name: z.unknown(), role: z.unknown(), id: z.unknown() }).partial();

export const apiKeys = {
  /** Answers the key itself: the page shows it in its answer (no redirect, never stored), this once. */
  create: defineAction({
    accept: 'form',
    input: fields,
    handler: (input, context) => callStaffApi(context, createApiKey(staffApi(context), { name: text(input.name), role: text(input.role) as OperatorRoleName })),
  }),
  revoke: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const revoked = await callStaffApi(context, revokeApiKey(staffApi(context), text(input.id)));
      return { toast: { title: context.locals.t('admin.apiKeys.revokedToast', { name: revoked.name }) } };
    },
  }),
};
