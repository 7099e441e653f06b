import { writeTranslations, type Translations } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { announceRound } from './sweepstake.beacon.ts';
import { createSweepstake, type NewSweepstake } from './sweepstake.service.ts';
import { toView, } from './sweepstake.view.ts';
import type { Sweepstake } from './sweepstake.schema.ts';

export type OperatorSweepstake = Omit<NewSweepstake, 'organizationId' | 'beacon' | 'translations'> & { translations?: Record<string, Record<string, string | undefined> | undefined> | undefined };

/**
 * An operator's new sweepstake, for the operator's organization: its secret seed is made
 * here and its commitment is public from now on. With the organization's `drawBeaconUrl` set, the chain's
 * first round after `endsAt` is announced with it (and mixed into its draw).
 */
export async function createForOperator(db: Db, organizationId: string, fields: OperatorSweepstake, now = new Date()): Promise<Sweepstake> {
  const { settings } = await loadOrganizationSettings(db, organizationId);
  const beacon = settings.drawBeaconUrl ? { url: settings.drawBeaconUrl, round: await announceRound(settings.drawBeaconUrl, fields.endsAt) } : null;
  try {
    const row = await createSweepstake(db, { ...fields, organizationId, beacon, translations: writeTranslations(fields.translations as Translations | undefined) }, now);
    return toView(row, now, null, undefined, []);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('validation_failed', 'api.fields.invalid', { slug: 'api.sweepstakes.slugTaken' });
    throw error;
  }
}
