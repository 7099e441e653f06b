import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '../../shared/operator-roles.ts';
import { appendAudit, type Writer } from '../audit/audit.ts';
import { hashToken } from '../auth/secrets.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { normaliseEmail } from '../session/session.service.ts';
import * as repo from './operator.repository.ts';
import { newOperatorSecret, secretKind } from './operator-secrets.ts';

/** A console session ends after this long without use (issue 24). */
export const OPERATOR_IDLE_MS = 12 * 60 * 60_000;
/** A session's last use is written at most this often: every page of the console would otherwise be a write. */
const TOUCH_EVERY_MS = 60_000;

const view = (row: { id: string; email: string; role: OperatorRole }) => ({ id: row.id, email: row.email, role: row.role });

/**
 * Puts an address on the staff with a role (a new operator), recorded in the audit trail by `actor`.
 * 422 `operator_exists` when it is there already.
 */
export async function addOperator(db: Db, writer: Writer, input: { email: string; role: OperatorRole }) {
  const { actor } = writer;
  const email = normaliseEmail(input.email);
  if (await repo.findOperatorByEmail(db, actor.organizationId, email)) {
    throw new ApiError('operator_exists', 'api.operator.exists', { email: 'api.operator.exists' });
  }
  const now = new Date().toISOString();
  const row = { id: randomUUID(), organization_id: actor.organizationId, email, role: input.role, invited_by: actor.type === 'operator' ? actor.id : null, created_at: now, updated_at: now };
  try {
    await repo.insertOperator(db, row);
  } catch (error) {
    // Invited twice at once: the other invitation won; this one is the same refusal as a later one.
    if (isUniqueViolation(error)) throw new ApiError('operator_exists', 'api.operator.exists', { email: 'api.operator.exists' });
    throw error;
  }
  await appendAudit(db, writer, { action: 'operator.add', kind: 'operator', id: row.id, after: view(row) });
  return { ...view(row), createdAt: now };
}

/** Changes an operator's role; 422 `last_owner` when it would leave the club without an owner. */
export async function changeOperatorRole(db: Db, writer: Writer, id: string, role: OperatorRole) {
  const { actor } = writer;
  const operator = await found(db, actor.organizationId, id);
  if (operator.role === role) {
    writer.unchanged?.();
    return view(operator);
  }
  if (operator.role === 'owner' && (await repo.countOwnersForChange(db, actor.organizationId)) <= 1) {
    throw new ApiError('last_owner', 'api.operator.lastOwner', { role: 'api.operator.lastOwner' });
  }
  await repo.setOperatorRole(db, id, role, new Date().toISOString());
  await appendAudit(db, writer, { action: 'operator.role', kind: 'operator', id, before: view(operator), after: view({ ...operator, role }) });
  return view({ ...operator, role });
}

/** Takes an address off the staff; its console sessions end with it. Never the last owner. */
export async function removeOperator(db: Db, writer: Writer, id: string) {
  const { actor } = writer;
  const operator = await found(db, actor.organizationId, id);
  if (operator.role === 'owner' && (await repo.countOwnersForChange(db, actor.organizationId)) <= 1) {
    throw new ApiError('last_owner', 'api.operator.lastOwner');
  }
  await repo.deleteOperator(db, id);
  await appendAudit(db, writer, { action: 'operator.remove', kind: 'operator', id, before: view(operator) });
}

async function found(db: Db, organizationId: string, id: string) {
  const operator = await repo.findOperator(db, organizationId, id);
  if (!operator) throw new ApiError('not_found', 'api.operator.notFound');
  return operator;
}

/** After the e-mailed code proved `email`: a console session for the operator with that address. */
export async function openOperatorSession(db: Db, organizationId: string, email: string, now: Date) {
  const operator = await repo.findOperatorByEmail(db, organizationId, email);
  if (!operator) throw new ApiError('forbidden', 'api.operator.notStaff');
  const token = newOperatorSecret('session');
  await repo.insertOperatorSession(db, { id: randomUUID(), token_hash: hashToken(token), operator_id: operator.id, now: now.toISOString() });
  return { token, operator: view(operator) };
}

/** The operator behind a live console session token (used within the last 12 hours), its use noted. */
export async function operatorBySession(db: Db, token: string) {
  const now = Date.now();
  const session = await repo.findLiveOperatorSession(db, hashToken(token), new Date(now - OPERATOR_IDLE_MS).toISOString());
  if (!session) return undefined;
  if (now - Date.parse(session.lastUsedAt) >= TOUCH_EVERY_MS) await repo.touchOperatorSession(db, session.sessionId, new Date(now).toISOString());
  return session;
}

/**
 * Whether a secret is a live console session or API key, without using it (no use noted): the HTTP server asks
 * before it reads a console upload's body (src/server/http/request-gate.ts), so only staff can make it hold one.
 */
export async function isLiveOperatorSecret(db: Db, secret: string): Promise<boolean> {
  const kind = secretKind(secret);
  if (kind === 'session') return !!(await repo.findLiveOperatorSession(db, hashToken(secret), new Date(Date.now() - OPERATOR_IDLE_MS).toISOString()));
  if (kind === 'apiKey') return !!(await repo.findLiveApiKey(db, hashToken(secret)));
  return false;
}

export async function endOperatorSession(db: Db, sessionId: string) {
  await repo.endOperatorSession(db, sessionId, new Date().toISOString());
}

export async function listOperators(db: Db, organizationId: string) {
  const rows = await repo.listOperators(db, organizationId);
  return rows.map((row) => ({ ...view(row), createdAt: row.created_at }));
}
