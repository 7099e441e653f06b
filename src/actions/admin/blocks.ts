// A supporter's block form (src/features/admin/members/BlockForm.astro), each declared once: block with a
// reason, unblock, sign out everywhere.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { blockMember, signMemberOut, unblockMember } from '~/features/admin/members/blocks.api.ts';
import { callStaffApi, staffApi, text } from './staff-call.ts';

const fields = z.object({ id: z.unknown(), reason: z.unknown() }).partial();

export const blocks = {
  block: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      // Not trimmed away here: the API says what is wrong with a blank or long reason, in the page's language.
      const done = await callStaffApi(context, blockMember(staffApi(context), text(input.id), typeof input.reason === 'string' ? input.reason : ''));
      return { toast: { title: context.locals.t('admin.blocks.blocked', { count: done.sessionsEnded }) } };
    },
  }),
  unblock: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      await callStaffApi(context, unblockMember(staffApi(context), text(input.id)));
      return { toast: { title: context.locals.t('admin.blocks.unblocked') } };
    },
  }),
  signOut: defineAction({
    accept: 'form',
    input: fields,
    handler: async (input, context) => {
      const done = await callStaffApi(context, signMemberOut(staffApi(context), text(input.id)));
      return { toast: { title: context.locals.t('admin.blocks.signedOut', { count: done.sessionsEnded }) } };
    },
  }),
};
