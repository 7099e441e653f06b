import { randomUUID } from 'node:crypto';
import type { Writer } from '../audit/audit.ts';
import { appendAudit } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { isUnderage } from '../users/age.ts';
import { newReference, normaliseReference } from './reference.ts';
import {
  findRequestWithMember, insertReply, insertSupportRequest, listQueue, listReplies, listRequestsOfUser, setRequestStatus,
} from './support-request.repository.ts';
import type { MySupportRequest, NewSupportRequest, QueuedRequest, SupportRequestDetail, SupportStatusName } from './support-request.schema.ts';

const EXCERPT = 140;
/** A reference clashes about once in twenty million: a few tries always find a free one. */
const REFERENCE_TRIES = 5;

/** Sends a supporter's request; answers it with its new reference. Adults and under-18s alike. */
export async function sendSupportRequest(
  db: Db, who: { userId: string; organizationId: string; locale: string }, input: NewSupportRequest,
): Promise<MySupportRequest> {
  const now = new Date().toISOString();
  const id = randomUUID();
  for (let attempt = 1; ; attempt += 1) {
    const reference = newReference();
    try {
      // One statement, no transaction around it: a clash on PostgreSQL leaves nothing aborted to retry in.
      await insertSupportRequest(db, {
        id, organization_id: who.organizationId, user_id: who.userId, reference, topic: input.topic, message: input.message,
        locale: who.locale, status: 'open', created_at: now, updated_at: now, closed_at: null,
      });
      return { id, reference, topic: input.topic, message: input.message, status: 'open', createdAt: now, replies: [] };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= REFERENCE_TRIES) throw error;
    }
  }
}

/** A supporter's own requests with the club's answers (never who on the staff wrote them). */
export async function listMyRequests(db: Db, userId: string): Promise<MySupportRequest[]> {
  const rows = await listRequestsOfUser(db, userId);
  const replies = await listReplies(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, reference: r.reference, topic: r.topic, message: r.message, status: r.status, createdAt: r.created_at,
    replies: replies.filter((reply) => reply.request_id === r.id).map((reply) => ({ message: reply.message, createdAt: reply.created_at })),
  }));
}

/** The queue in one status; with a reference (as a supporter quoted it), that request whatever its status. */
export async function listSupportQueue(db: Db, organizationId: string, status: SupportStatusName, reference?: string): Promise<QueuedRequest[]> {
  const rows = await listQueue(db, organizationId, reference ? { reference: normaliseReference(reference) } : { status });
  return rows.map((r) => ({
    id: r.id, reference: r.reference, topic: r.topic, status: r.status, createdAt: r.created_at,
    excerpt: r.message.length > EXCERPT ? `${r.message.slice(0, EXCERPT - 1)}…` : r.message,
    member: { id: r.user_id, email: r.email, firstName: r.first_name, lastName: r.last_name },
  }));
}

/** One request of the club as support opens it; 404 for another club's or none. */
export async function openSupportRequest(db: Db, organizationId: string, id: string, timeZone: string): Promise<SupportRequestDetail> {
  const row = await findRequestWithMember(db, organizationId, id);
  if (!row) throw new ApiError('not_found', 'api.requests.notFound');
  const replies = await listReplies(db, [row.id]);
  return {
    id: row.id, reference: row.reference, topic: row.topic, message: row.message, status: row.status, locale: row.locale,
    createdAt: row.created_at, closedAt: row.closed_at,
    member: {
      id: row.user_id, email: row.email, firstName: row.first_name, lastName: row.last_name, birthday: row.birthday,
      underage: isUnderage(row.birthday, timeZone), consolePath: `/admin/members/${row.user_id}`,
    },
    replies: replies.map((r) => ({ message: r.message, createdAt: r.created_at, by: r.by_label })),
  };
}

/**
 * Stores the club's answer and marks the request answered (a closed one opens again: the supporter is
 * being written to). Audited in the same transaction; the caller mails the answer once it has committed.
 */
export async function replyToRequest(db: Db, writer: Writer, organizationId: string, id: string, message: string, timeZone: string) {
  const before = await openSupportRequest(db, organizationId, id, timeZone);
  const now = new Date().toISOString();
  await insertReply(db, { id: randomUUID(), request_id: id, message, by_label: writer.actor.label, created_at: now });
  await setRequestStatus(db, id, { status: 'answered', updated_at: now });
  // The answer's words are the supporter's correspondence: the trail says that one was sent, and its length.
  await appendAudit(db, writer, {
    action: 'request.reply', kind: 'support_request', id,
    before: { status: before.status }, after: { status: 'answered', reference: before.reference, replyLength: message.length },
  });
  return { ...before, status: 'answered' as const, replies: [...before.replies, { message, createdAt: now, by: writer.actor.label }] };
}

/** Closes a request; closing a closed one changes nothing (and so appends no entry). */
export async function closeRequest(db: Db, writer: Writer, organizationId: string, id: string, timeZone: string): Promise<SupportRequestDetail> {
  const before = await openSupportRequest(db, organizationId, id, timeZone);
  if (before.status === 'closed') {
    writer.unchanged?.();
    return before;
  }
  const now = new Date().toISOString();
  await setRequestStatus(db, id, { status: 'closed', updated_at: now, closed_at: now });
  await appendAudit(db, writer, { action: 'request.close', kind: 'support_request', id, before: { status: before.status }, after: { status: 'closed', reference: before.reference } });
  return { ...before, status: 'closed', closedAt: now };
}
