import { z } from '@hono/zod-openapi';
import { readTranslations, writeTranslations } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { listRanks, updateRankTexts } from './organization.repository.ts';
import { RankTextsSchema, type RankTexts } from './rank-texts.ts';

// The ranks as the console reads and writes them (owner only): codes and thresholds are the spec's and stay;
// the club's name for each and what it brings, in English and Spanish, are the club's (./rank-texts.ts).

export const AdminRankSchema = RankTextsSchema.extend({
  name: z.string().openapi({ example: 'P9', description: 'The code, P10 up to P1 (not changed here).' }),
  pointsRequired: z.number().int(),
}).openapi('AdminRank');
export type AdminRank = z.infer<typeof AdminRankSchema>;

/** Every rank, P10 up to P1, with its texts as written (a stored text that fails its schema shows blank). */
export async function readAdminRanks(db: Db, organizationId: string): Promise<AdminRank[]> {
  const rows = await listRanks(db, organizationId);
  return rows.map((row) => {
    const stored = RankTextsSchema.safeParse({ title: row.title, perk: row.perk, translations: readTranslations(row.translations) });
    const texts: RankTexts = stored.success ? stored.data : { title: '', perk: '', translations: {} };
    return { name: row.name, pointsRequired: Number(row.points_required), ...texts };
  });
}

/** Writes one rank's texts (checked by RankTextsSchema already); a code the club has not is a 404. */
export async function writeRankTexts(trx: Db, organizationId: string, name: string, input: RankTexts): Promise<void> {
  const found = await updateRankTexts(trx, organizationId, name, { title: input.title, perk: input.perk, translations: writeTranslations(input.translations) });
  if (!found) throw new ApiError('not_found', 'api.club.notFound');
}
