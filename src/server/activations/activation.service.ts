import type { Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { award, type LedgerResult } from '../ledger/ledger.ts';
import { standingAfter } from '../users/standing.ts';
import { findActivation, insertBadge, listActivations, listBadges, type ActivationRow } from './activation.repository.ts';
import type { Activation, ActivationResult, EarnedBadge } from './activation.schema.ts';

/** Activation payments are ledger entries of kind `activation`, reference the activation's id, keyed `activation:<id>`: one per supporter. */
const ACTIVATION_KIND = 'activation';
const paymentKey = (activationId: string) => `activation:${activationId}`;

/** Where the window stands now: before `startsAt`, from `startsAt` up to `stopsAt`, or from `stopsAt` on. */
type ActivationStatus = Activation['status'];

export function statusAt(row: Pick<ActivationRow, 'starts_at' | 'stops_at'>, now: Date): ActivationStatus {
  const at = now.toISOString();
  if (at < row.starts_at) return 'upcoming';
  return at < row.stops_at ? 'open' : 'over';
}

function toActivation(row: ActivationRow, now: Date, locale: Locale = 'en'): Activation {
  // The texts in the supporter's language where the club wrote them (../admin/translations.ts).
  const texts = localized({ title: row.title, description: row.description, badgeName: row.badge_name }, row.translations, locale);
  return {
    id: row.id, slug: row.slug, title: texts.title, description: texts.description,
    badge: { name: texts.badgeName, image: row.badge_image }, points: Number(row.points),
    startsAt: row.starts_at, stopsAt: row.stops_at, status: statusAt(row, now), earnedAt: row.earned_at ?? null,
  };
}

function toBadge(activation: Activation, earnedAt: string): EarnedBadge {
  return { activationId: activation.id, slug: activation.slug, title: activation.title, ...activation.badge, earnedAt };
}

export interface ActivationCaller {
  organizationId: string;
  userId: string | null;
  /** The request's language (English when left out). */
  locale?: Locale;
}

export async function getActivations(db: Db, caller: ActivationCaller, now = new Date()): Promise<Activation[]> {
  return (await listActivations(db, caller.organizationId, caller.userId)).map((row) => toActivation(row, now, caller.locale));
}

async function requireActivation(db: Db, caller: ActivationCaller, idOrSlug: string): Promise<ActivationRow> {
  const row = await findActivation(db, caller.organizationId, idOrSlug, caller.userId);
  if (!row) throw new ApiError('not_found', 'api.activations.notFound');
  return row;
}

export async function getActivation(db: Db, caller: ActivationCaller, idOrSlug: string, now = new Date()): Promise<Activation> {
  return toActivation(await requireActivation(db, caller, idOrSlug), now, caller.locale);
}

/**
 * Gives the activation's badge and pays its points, once: inside its window only (422 with the reason
 * outside it). A supporter who has the badge already gets the same badge back, `alreadyEarned`, and
 * nothing is written or paid, inside the window or after it. Runs in the caller's transaction.
 */
export async function activate(trx: Db, caller: { organizationId: string; userId: string; locale?: Locale }, slug: string, now = new Date()): Promise<ActivationResult> {
  const row = await requireActivation(trx, caller, slug);
  let earnedAt = row.earned_at;
  let paid: LedgerResult | null = null;
  let wroteBadge = false;
  if (!earnedAt) {
    const status = statusAt(row, now);
    if (status === 'upcoming') throw new ApiError('activation_not_started', 'api.activations.notStarted');
    if (status === 'over') throw new ApiError('activation_over', 'api.activations.over');
    if (await insertBadge(trx, { user_id: caller.userId, activation_id: row.id, earned_at: now.toISOString() })) {
      earnedAt = now.toISOString();
      wroteBadge = true;
      // Only the request that wrote the badge pays; the ledger's key would refuse a second payment anyway.
      const points = Number(row.points);
      if (points > 0) paid = await award(trx, { userId: caller.userId, amount: points, kind: ACTIVATION_KIND, reference: row.id, idempotencyKey: paymentKey(row.id) });
    } else {
      // A parallel request gave it a moment ago (PostgreSQL waited for it to commit): read it as it is now.
      earnedAt = (await requireActivation(trx, caller, row.id)).earned_at ?? now.toISOString();
    }
  }
  const activation = toActivation({ ...row, earned_at: earnedAt }, now, caller.locale);
  return {
    activation,
    badges: [toBadge(activation, earnedAt)],
    alreadyEarned: !wroteBadge,
    pointsAwarded: paid && !paid.replayed ? activation.points : 0,
    // The badge written now is this answer's moment (a repeat has none).
    standing: await standingAfter(trx, caller, paid, wroteBadge ? [{ kind: 'badge', picture: activation.badge.image, badge: { id: activation.id, name: activation.badge.name } }] : []),
  };
}

/** The supporter's badges, the newest first. */
export async function getBadges(db: Db, userId: string): Promise<EarnedBadge[]> {
  return (await listBadges(db, userId)).map((row) => ({
    activationId: row.id, slug: row.slug, title: row.title, name: row.badge_name, image: row.badge_image, earnedAt: row.earned_at,
  }));
}
