import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { SupportRequestReplyTable, SupportRequestTable, SupportStatus } from './support-request.table.ts';

export async function insertSupportRequest(db: Db, row: Insertable<SupportRequestTable>): Promise<void> {
  await db.insertInto('support_requests').values(row).execute();
}

export async function insertReply(db: Db, row: SupportRequestReplyTable): Promise<void> {
  await db.insertInto('support_request_replies').values(row).execute();
}

/** A supporter's requests, newest first (a page of them: a supporter writes a few). */
export function listRequestsOfUser(db: Db, userId: string, limit = 50) {
  return db.selectFrom('support_requests').selectAll().where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The replies to some requests, oldest first. */
export function listReplies(db: Db, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('support_request_replies').selectAll().where('request_id', 'in', requestIds)
    .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** The console's queue: one status (or the one request with a reference), newest first, with who wrote each. */
export function listQueue(db: Db, organizationId: string, filter: { status: SupportStatus } | { reference: string }, limit = 100) {
  let query = db.selectFrom('support_requests as r').innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.reference', 'r.topic', 'r.status', 'r.message', 'r.created_at', 'u.id as user_id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('r.organization_id', '=', organizationId);
  query = 'reference' in filter ? query.where('r.reference', '=', filter.reference) : query.where('r.status', '=', filter.status);
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

/** One request of the club, with its supporter's fields the console shows. */
export function findRequestWithMember(db: Db, organizationId: string, id: string) {
  return db.selectFrom('support_requests as r').innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r').select(['u.email', 'u.first_name', 'u.last_name', 'u.birthday'])
    .where('r.organization_id', '=', organizationId).where('r.id', '=', id).executeTakeFirst();
}

export async function setRequestStatus(db: Db, id: string, set: { status: SupportStatus; updated_at: string; closed_at?: string }): Promise<void> {
  await db.updateTable('support_requests').set(set).where('id', '=', id).execute();
}
