// The console's form for a membership tier's words (/admin/membership), posted without JavaScript.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { saveTier } from '~/features/admin-membership/admin-membership.api.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';
import { callLabelledApi, staffApi, text } from './staff-call.ts';

const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'adminMembership.field.name', description: 'adminMembership.field.description',
  perks: 'adminMembership.field.perks', priceLabel: 'adminMembership.field.priceLabel',
};

/** The perks' box, one perk a line; blank lines dropped. */
const lines = (value: unknown): string[] => text(value).split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

export const membership = {
  /** One tier's name, description, perks and price label, English and Spanish (a blank Spanish box: the English shows). */
  tier: defineAction({
    accept: 'form',
    input: z.object({
      slug: z.unknown(), name: z.unknown(), description: z.unknown(), perks: z.unknown(), priceLabel: z.unknown(),
      'es.name': z.unknown(), 'es.description': z.unknown(), 'es.perks': z.unknown(), 'es.priceLabel': z.unknown(),
    }).partial(),
    handler: async (input, context) => {
      const slug = text(input.slug);
      const saved = await callLabelledApi(context, saveTier(staffApi(context), slug, {
        name: text(input.name), description: text(input.description), perks: lines(input.perks), priceLabel: text(input.priceLabel),
        translations: { es: {
          name: text(input['es.name']), description: text(input['es.description']), perks: lines(input['es.perks']), priceLabel: text(input['es.priceLabel']),
        } },
      }), FIELD_LABELS);
      const name = saved.find((tier) => tier.slug === slug)?.name ?? slug;
      return { slug, toast: { title: context.locals.t('adminMembership.saved', { name }) } };
    },
  }),
};
