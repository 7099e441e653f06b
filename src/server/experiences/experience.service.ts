import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { listTiers } from '../membership/membership.repository.ts';
import { tierTextsIn } from '../membership/membership.texts.ts';
import { currentMembership } from '../membership/membership.service.ts';
import { isUnderage } from '../users/age.ts';
import { TiersColumn } from './experience.schema.ts';
import { requireUser } from '../users/require-user.ts';
import type { UserTable } from '../users/user.table.ts';
import { parseProperties } from '../users/properties.ts';
import { findExperience, insertRequest, listExperiences, takePlace, type ExperienceRow } from './experience.repository.ts';
import type { Experience, ExperienceRequestResult } from './experience.schema.ts';

/**
 * What the caller can do about an experience, decided here once (pages show it, never work it out):
 * `requested` (asked already), `sold_out`, `adults_only` (an under-18 supporter and an adults-only
 * experience), `locked` (the membership tier does not unlock it), `available`; `sign_in` for anonymous callers.
 */
type ExperienceState = Experience['state'];

export interface ExperienceCaller {
  organizationId: string;
  timeZone: string;
  userId: string | null;
  user: Pick<Selectable<UserTable>, 'birthday' | 'properties'> | null;
  /** The request's language (English when left out). */
  locale?: Locale;
}

/** Rows reach here through the repository, which left out those whose tiers fail their schema. */
const parseTiers = (json: string): string[] => TiersColumn.safeParse(json).data ?? [];

type TierRow = Awaited<ReturnType<typeof listTiers>>[number];

/** The caller's standing towards experiences: their tier and age, read once per answer. */
interface Reader {
  signedIn: boolean;
  membership: string | null;
  underage: boolean;
  birthdayMissing: boolean;
}

function readerOf(caller: ExperienceCaller, now: Date): Reader {
  if (!caller.userId || !caller.user) return { signedIn: false, membership: null, underage: false, birthdayMissing: false };
  return {
    signedIn: true,
    membership: currentMembership(parseProperties(caller.user.properties)),
    underage: isUnderage(caller.user.birthday, caller.timeZone, now),
    birthdayMissing: !caller.user.birthday,
  };
}

function toExperience(row: ExperienceRow, tiers: TierRow[], reader: Reader, locale: Locale = 'en'): Experience {
  const texts = localized({ title: row.title, description: row.description }, row.translations, locale);
  const unlocking = parseTiers(row.tiers);
  const unlocked = reader.membership !== null && unlocking.includes(reader.membership);
  const adultsOnly = Number(row.adults_only) === 1;
  const placesLeft = Math.max(0, Number(row.places) - Number(row.places_taken));
  const requestedAt = row.requested_at ?? null;
  const state: ExperienceState = !reader.signedIn ? 'sign_in'
    : requestedAt ? 'requested'
      : placesLeft === 0 ? 'sold_out'
        : adultsOnly && reader.underage ? 'adults_only'
          : !unlocked ? 'locked'
            : 'available';
  return {
    id: row.id, slug: row.slug, title: texts.title, description: texts.description, image: row.image,
    tiers: tiers.filter((tier) => unlocking.includes(tier.slug)).map((tier) => ({ slug: tier.slug, name: tierTextsIn(tier, locale).name })),
    adultsOnly, places: Number(row.places), placesLeft, unlocked, requestedAt, state,
  };
}

export async function getExperiences(db: Db, caller: ExperienceCaller, now = new Date()): Promise<Experience[]> {
  const [rows, tiers] = await Promise.all([listExperiences(db, caller.organizationId, caller.userId), listTiers(db, caller.organizationId)]);
  const reader = readerOf(caller, now);
  return rows.map((row) => toExperience(row, tiers, reader, caller.locale));
}

async function requireExperience(db: Db, caller: ExperienceCaller, idOrSlug: string): Promise<ExperienceRow> {
  const row = await findExperience(db, caller.organizationId, idOrSlug, caller.userId);
  if (!row) throw new ApiError('not_found', 'api.experiences.notFound');
  return row;
}

/**
 * Asks for a place, once per supporter: refused when the tier does not unlock it (403), when it is for
 * adults and the supporter is under 18 (403), or when no place is left (422). The request row and the
 * place are written in the caller's transaction: a full experience rolls the request back. A second ask
 * answers the first, `alreadyRequested`, and takes nothing.
 */
export async function requestExperience(
  trx: Db, caller: { organizationId: string; timeZone: string; userId: string; locale?: Locale }, idOrSlug: string, now = new Date(),
): Promise<ExperienceRequestResult> {
  const user = await requireUser(trx, caller.userId);
  const full: ExperienceCaller = { ...caller, user };
  const reader = readerOf(full, now);
  const row = await requireExperience(trx, full, idOrSlug);
  const tiers = await listTiers(trx, caller.organizationId);
  if (row.requested_at) return { experience: toExperience(row, tiers, reader, caller.locale), alreadyRequested: true };
  if (!parseTiers(row.tiers).includes(reader.membership ?? '')) throw new ApiError('experience_locked', 'api.experiences.locked');
  if (Number(row.adults_only) === 1 && reader.underage) {
    // Without a birthday the under-18 rules apply: the refusal says how to lift them.
    throw new ApiError('experience_adults_only', reader.birthdayMissing ? 'api.experiences.birthdayMissing' : 'api.experiences.adultsOnly');
  }
  // The request first: a second one by the same supporter stops here, on the unique key, before any place is taken.
  await insertRequest(trx, { id: randomUUID(), experience_id: row.id, user_id: caller.userId, status: 'pending', created_at: now.toISOString() });
  if (!(await takePlace(trx, row.id))) throw new ApiError('experience_full', 'api.experiences.full');
  return { experience: toExperience(await requireExperience(trx, full, row.id), tiers, reader, caller.locale), alreadyRequested: false };
}
