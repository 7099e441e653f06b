import { appendAudit, type Writer } from '../audit/audit.ts';
import { listConsentsForUser } from '../consents/consent.repository.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { listEntries } from '../ledger/ledger.repository.ts';
import { decodeCursor, encodeCursor } from '../ledger/transactions.routes.ts';
import { listRanks } from '../organization/organization.repository.ts';
import { parseProperties } from '../users/properties.ts';
import { rankFor } from '../users/rank.ts';
import {
  findById, findByPrefix, findMember, listBadgesOf, listConsentHistory, listEntriesOf,
  listSessionsOf, listSignInsOf, SEARCH_LIMIT, type SearchRow,
} from './member.repository.ts';
import type { Member, MemberLedgerPage, MemberSummary } from './member.schema.ts';

/** Ledger rows on the supporter's page and on each further page; entries, sessions and sign-ins shown. */
export const LEDGER_PAGE = 20;
const RECENT = 20;

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/**
 * Supporters matching `q`: its exact id first, then addresses, first names, last names and usernames starting
 * with it (any case). Each lookup is one indexed range of at most 20 rows, whatever the club's size.
 */
export async function searchMembers(db: Db, organizationId: string, q: string): Promise<MemberSummary[]> {
  const text = q.trim();
  if (!text) return [];
  const prefix = text.toLowerCase();
  const lookups = await Promise.all([
    findById(db, organizationId, text),
    findByPrefix(db, organizationId, 'email', prefix),
    findByPrefix(db, organizationId, 'first_name', prefix),
    findByPrefix(db, organizationId, 'last_name', prefix),
    findByPrefix(db, organizationId, 'username', prefix),
  ]);
  const found = new Map<string, SearchRow>();
  for (const row of lookups.flat()) if (!found.has(row.id) && found.size < SEARCH_LIMIT) found.set(row.id, row);
  if (found.size === 0) return [];
  const ranks = await listRanks(db, organizationId);
  return [...found.values()].map((row) => ({
    id: row.id, email: row.email, name: fullName(row.first_name, row.last_name), username: row.username,
    points: Number(row.points), lifetimePoints: Number(row.lifetime_points),
    rank: rankFor(ranks, Number(row.lifetime_points)).rank.name,
    blocked: row.blocked_at !== null, createdAt: row.created_at,
  }));
}

async function memberOr404(db: Db, organizationId: string, id: string) {
  const user = await findMember(db, organizationId, id);
  if (!user) throw new ApiError('not_found', 'api.members.notFound');
  return user;
}

/** One page of the ledger, newest first, named as the supporter's own history names it. */
async function ledgerPage(db: Db, userId: string, cursor?: string): Promise<MemberLedgerPage> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  // One extra row says whether an older page exists.
  const rows = await listEntries(db, userId, LEDGER_PAGE + 1, after);
  const page = rows.slice(0, LEDGER_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id, amount: Number(row.amount), kind: row.kind, reference: row.reference, title: row.title ?? null,
      balanceAfter: Number(row.balance_after), createdAt: row.created_at,
    })),
    nextCursor: rows.length > LEDGER_PAGE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Seeing a supporter's data is on record: who looked, at whom, when; never what they saw. */
function recordView(db: Db, writer: Writer, userId: string): Promise<void> {
  return appendAudit(db, writer, { action: 'member.view', kind: 'member', id: userId });
}

/** Everything the club holds on one supporter, for the console's supporter page; the view is audited. */
export async function viewMember(db: Db, writer: Writer, id: string): Promise<Member> {
  const { organizationId } = writer.actor;
  const user = await memberOr404(db, organizationId, id);
  const [ranks, consents, history, ledger, entries, badges, sessions, signIns] = await Promise.all([
    listRanks(db, organizationId),
    listConsentsForUser(db, organizationId, user.id),
    listConsentHistory(db, user.id),
    ledgerPage(db, user.id),
    listEntriesOf(db, organizationId, user.id, RECENT),
    listBadgesOf(db, user.id),
    listSessionsOf(db, user.id, RECENT),
    listSignInsOf(db, organizationId, user.email, RECENT),
  ]);
  await recordView(db, writer, user.id);
  const now = new Date().toISOString();
  const standing = rankFor(ranks, Number(user.lifetime_points));
  return {
    profile: {
      id: user.id, email: user.email, username: user.username, firstName: user.first_name, lastName: user.last_name,
      phoneNumber: user.phone_number, zipCode: user.zip_code,
      birthday: user.birthday, birthdaySetAt: user.birthday_set_at, birthdayChanges: Number(user.birthday_changes),
      avatarUrl: user.avatar_url, properties: parseProperties(user.properties),
      membershipChosenAt: user.membership_chosen_at, welcomedAt: user.welcomed_at,
      createdAt: user.created_at, updatedAt: user.updated_at,
    },
    blocked: { blockedAt: user.blocked_at, blockedReason: user.blocked_reason },
    points: Number(user.points),
    lifetimePoints: Number(user.lifetime_points),
    rank: { name: standing.rank.name, nextRank: standing.nextRank, progress: standing.rankProgress },
    consents: consents.map((c) => ({
      consentId: c.id, key: c.key, name: c.name, value: c.value === null || c.value === undefined ? null : Number(c.value) === 1, updatedAt: c.updated_at ?? null,
    })),
    consentHistory: history.map((e) => ({ id: e.id, consentId: e.consent_id, key: e.key, name: e.name, value: Number(e.value) === 1, createdAt: e.created_at })),
    ledger,
    entries: entries.map((e) => ({
      id: e.id, sweepstakeId: e.sweepstake_id, title: e.title, tickets: Number(e.tickets), pointsSpent: Number(e.points_spent),
      refundedAt: e.refunded_at, createdAt: e.created_at,
    })),
    badges: badges.map((b) => ({ activationId: b.activation_id, name: b.badge_name, image: b.badge_image, activation: b.title, earnedAt: b.earned_at })),
    sessions: sessions.map((s) => ({
      id: s.id, startedAt: s.created_at, expiresAt: s.expires_at, endedAt: s.ended_at, active: s.ended_at === null && s.expires_at > now,
    })),
    signIns: signIns.map((s) => ({ id: s.id, requestedAt: s.created_at, expiresAt: s.expires_at, usedAt: s.used_at, attempts: Number(s.attempts) })),
  };
}

/** A further page of a supporter's ledger (older rows); a view of their data like the page itself. */
export async function memberLedger(db: Db, writer: Writer, id: string, cursor?: string): Promise<MemberLedgerPage> {
  const user = await memberOr404(db, writer.actor.organizationId, id);
  const page = await ledgerPage(db, user.id, cursor);
  await recordView(db, writer, user.id);
  return page;
}
