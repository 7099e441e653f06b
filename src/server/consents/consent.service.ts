import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import {
  findActiveConsent, findUserConsent, insertConsents, listConsentsForUser, recordUserConsent,
} from './consent.repository.ts';
import type { ConsentChange, UserConsent } from './consent.schema.ts';

/** What every new organization asks for; the demo organization is seeded with these. */
const DEFAULT_CONSENTS = [
  { key: 'marketing_email', name: 'Marketing e-mails', description: 'News, ticket sales and club offers by e-mail.' },
  { key: 'sms', name: 'SMS messages', description: 'Match-day reminders and offers by text message.' },
  { key: 'partner_offers', name: 'Partner offers', description: "Offers from the club's partners and sponsors." },
] as const;

export async function seedDemoConsents(db: Db, organizationId: string, now = new Date().toISOString()): Promise<void> {
  await insertConsents(db, DEFAULT_CONSENTS.map((consent, position) => ({
    id: randomUUID(), organization_id: organizationId, ...consent, position, active: 1, created_at: now,
  })));
}

/** Now, or a millisecond after the previous change: a user's history for a consent is strictly ordered by time. */
function laterThan(previous: string | undefined, now: Date): string {
  const last = previous ? Date.parse(previous) : Number.NaN;
  return new Date(Number.isFinite(last) && last >= now.getTime() ? last + 1 : now.getTime()).toISOString();
}

function parseData(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toUserConsent(row: { id: string; key: string; name: string; description: string | null; value: number | null; data: string | null }): UserConsent {
  // A consent the user never answered counts as not given.
  const value = Number(row.value) === 1 ? 1 : 0;
  return {
    id: row.id, consentId: row.key, name: row.name, description: row.description,
    value, enabled: value === 1, data: parseData(row.data),
  };
}

export async function listUserConsents(db: Db, organizationId: string, userId: string): Promise<UserConsent[]> {
  const rows = await listConsentsForUser(db, organizationId, userId);
  return rows.map(toUserConsent);
}

/** Sets one answer, keeping the change in the history. Call inside a transaction. */
export async function setUserConsent(
  db: Db, organizationId: string, userId: string, id: string, change: ConsentChange, now = new Date(),
): Promise<UserConsent> {
  const consent = await findActiveConsent(db, organizationId, id);
  if (!consent) throw new ApiError('not_found', msg('api.consent.notFound', { id }));
  if (change.consentId !== consent.key) {
    throw new ApiError('validation_failed', 'api.fields.invalid', {
      consentId: msg('api.consent.otherId', { key: consent.key }),
    });
  }
  const previous = await findUserConsent(db, userId, consent.id);
  const data = change.data === undefined ? (previous?.data ?? null) : change.data === null ? null : JSON.stringify(change.data);
  await recordUserConsent(db, {
    id: randomUUID(), user_id: userId, consent_id: consent.id, value: change.value, data, created_at: laterThan(previous?.updated_at, now),
  });
  return toUserConsent({ ...consent, value: change.value, data });
}
