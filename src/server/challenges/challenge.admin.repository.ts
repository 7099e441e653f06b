import { sql, type Selectable } from 'kysely';
import type { ContentStatus } from '../admin/content-list.ts';
import type { Db } from '../db/connection.ts';
import { ChallengeRowSchema } from './challenge.content.ts';
import type { ChallengeAdminColumns, ChallengeTable } from './challenge.table.ts';

/** A challenge as the console reads it: its content and what the console keeps beside it. */
export type AdminChallengeRow = Selectable<ChallengeTable & ChallengeAdminColumns> & { outcome: number | null };

export interface AdminListQuery {
  organizationId: string;
  q?: string | undefined;
  status?: ContentStatus | undefined;
  now: string;
  offset: number;
  limit: number;
}

/** `like` text that matches `q` anywhere, with its own % and _ taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filtered(db: Db, query: AdminListQuery) {
  const { organizationId, q, status, now } = query;
  let select = db.selectFrom('challenges').where('challenges.organization_id', '=', organizationId);
  if (q) select = select.where(sql<boolean>`lower(challenges.title) like ${containing(q.toLowerCase())} escape '\\'`);
  const live = (s: typeof select) => s.where('challenges.archived_at', 'is', null).where('challenges.draft', '=', 0);
  switch (status) {
    case 'archived': return select.where('challenges.archived_at', 'is not', null);
    case 'draft': return select.where('challenges.archived_at', 'is', null).where('challenges.draft', '=', 1);
    case 'scheduled': return live(select).where('challenges.visible_from', '>', now);
    case 'ended': return live(select).where('challenges.visible_from', '<=', now).where('challenges.expires_on', '<=', now);
    case 'live': return live(select).where('challenges.visible_from', '<=', now)
      .where((eb) => eb.or([eb('challenges.expires_on', 'is', null), eb('challenges.expires_on', '>', now)]));
    default: return select;
  }
}

/** One page of the console's list, newest first, and the number of matches. */
export async function listAdminChallenges(db: Db, query: AdminListQuery) {
  const [rows, count] = await Promise.all([
    filtered(db, query)
      .select(['id', 'subtype', 'title', 'draft', 'archived_at', 'visible_from', 'expires_on', 'created_at', 'updated_at'])
      .orderBy('challenges.created_at', 'desc').orderBy('challenges.id', 'desc')
      .limit(query.limit).offset(query.offset).execute(),
    filtered(db, query).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Any challenge of the organization, draft or archived, with its outcome; a row that fails its schema as none. */
export async function findAdminChallenge(db: Db, organizationId: string, id: string): Promise<AdminChallengeRow | undefined> {
  const row = await db.selectFrom('challenges')
    .leftJoin('pickem_outcomes', 'pickem_outcomes.challenge_id', 'challenges.id')
    .selectAll('challenges').select('pickem_outcomes.outcome')
    .where('challenges.organization_id', '=', organizationId).where('challenges.id', '=', id)
    .executeTakeFirst();
  return row && ChallengeRowSchema.safeParse(row).success ? row : undefined;
}

export type StoredChallenge = Omit<AdminChallengeRow, 'outcome'>;

/** Every writer of the console passes here: a row that fails ChallengeRowSchema is never stored. */
export async function insertAdminChallenge(db: Db, row: StoredChallenge): Promise<void> {
  ChallengeRowSchema.parse(row);
  await db.insertInto('challenges').values(row).execute();
}

export async function updateAdminChallenge(db: Db, row: StoredChallenge): Promise<void> {
  ChallengeRowSchema.parse(row);
  const { id, organization_id: organizationId, created_at: _created, ...values } = row;
  await db.updateTable('challenges').set(values).where('organization_id', '=', organizationId).where('id', '=', id).execute();
}
