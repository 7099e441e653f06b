import { z } from '@hono/zod-openapi';
import { readTranslations, writeTranslations } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { listTiers, updateTierTexts } from './membership.repository.ts';
import { TierTextsSchema, tierTextsIn, type TierTexts } from './membership.texts.ts';

// The membership tiers as the console reads and writes them (owner only): the slug, the order and whether a tier is
// paid stay; its words, in English and Spanish, are the club's (./membership.texts.ts).

export const AdminTierSchema = TierTextsSchema.extend({
  slug: z.string().openapi({ example: 'supporter', description: 'What a supporter\'s membership holds (not changed here).' }),
  isPaid: z.boolean(),
  position: z.number().int(),
}).openapi('AdminMembershipTier');
export type AdminTier = z.infer<typeof AdminTierSchema>;

/** Every tier in display order, its texts as written (the English read as supporters read it, the Spanish as stored). */
export async function readAdminTiers(db: Db, organizationId: string): Promise<AdminTier[]> {
  const rows = await listTiers(db, organizationId);
  return rows.map((row) => {
    const stored = TierTextsSchema.shape.translations.safeParse(readTranslations(row.translations));
    return {
      slug: row.slug, isPaid: Number(row.is_paid) === 1, position: Number(row.position),
      ...tierTextsIn(row, 'en'), translations: stored.success ? stored.data : {},
    };
  });
}

/** Writes one tier's texts (checked by TierTextsSchema already); a slug the club has not is a 404. */
export async function writeTierTexts(trx: Db, organizationId: string, slug: string, input: TierTexts): Promise<void> {
  // An empty Spanish perk list is "not written", as a blank text is: the English perks show.
  const es = input.translations.es && { ...input.translations.es, perks: input.translations.es.perks?.length ? input.translations.es.perks : undefined };
  const found = await updateTierTexts(trx, organizationId, slug, {
    name: input.name, description: input.description, perks: JSON.stringify(input.perks), price_label: input.priceLabel,
    translations: writeTranslations({ es }),
  });
  if (!found) throw new ApiError('not_found', 'api.club.notFound');
}
