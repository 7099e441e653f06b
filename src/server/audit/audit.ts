import type { Context } from 'hono';
import type { OperatorRole } from '../../shared/operator-roles.ts';
import type { Db } from '../db/connection.ts';
import { timeOrderedId } from '../db/time-ordered-id.ts';
import type { AppEnv } from '../env.ts';
import { insertAuditEntry } from './audit.repository.ts';
import type { AuditEntryTable } from './audit.table.ts';

/** Who writes: resolved once per admin request (operator.middleware.ts), or the command line. */
export interface Actor {
  type: AuditEntryTable['actor_type'];
  id: string;
  /** The operator's e-mail address, the key's name, or `npm run operator`. */
  label: string;
  role: OperatorRole;
  organizationId: string;
}

/** The actor of a write with where it came from; services that write take one and append the entry. */
export interface Writer {
  actor: Actor;
  requestId?: string | undefined;
  clientAddress?: string | undefined;
  /** Told of each entry appended (the admin middleware checks a successful write appended one). */
  appended?: () => void;
  /** Told that the write changed nothing (a role set to the one it has): no entry is due. */
  unchanged?: () => void;
}

export interface AuditChange {
  /** e.g. `challenge.create`, `operator.role`, `sweepstake.draw`. */
  action: string;
  kind: string;
  id: string;
  /** The thing's values before and after the write (undefined: nothing there). Never a secret. */
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Appends one entry; call it inside the write's own transaction, so the write and its record stand or fall together. */
export async function appendAudit(db: Db, writer: Writer, change: AuditChange): Promise<void> {
  const { actor } = writer;
  await insertAuditEntry(db, {
    id: timeOrderedId(), organization_id: actor.organizationId, at: new Date().toISOString(),
    actor_type: actor.type, actor_id: actor.id, actor_label: actor.label, actor_role: actor.role,
    action: change.action, subject_kind: change.kind, subject_id: change.id,
    before: json(change.before), after: json(change.after),
    request_id: writer.requestId ?? null, client_address: writer.clientAddress ?? null,
  });
  writer.appended?.();
}

/** The writer of an admin request: its operator or API key, request id and client address. */
export function writerOf(c: Context<AppEnv>): Writer {
  return {
    actor: c.get('operator'), requestId: c.get('requestId'), clientAddress: c.req.header('x-client-ip'),
    appended: () => c.set('audited', (c.get('audited') ?? 0) + 1),
    unchanged: () => c.set('audited', c.get('audited') ?? 0),
  };
}

/**
 * The entry of an admin request's write, by its operator or key. For an operation that commits its own
 * transactions (a draw, a cancel with refunds), appended once it has: a repeat of it answers, and is
 * recorded, again.
 */
export function audit(c: Context<AppEnv>, db: Db, change: AuditChange): Promise<void> {
  return appendAudit(db, writerOf(c), change);
}

/**
 * An operator's change to one item of a list the console shows whole (the ranks, the badges, the membership tiers),
 * in one transaction: the list read before and after, the item audited before and after (or, unchanged, counted so).
 * Answers the list after.
 */
export function auditedItemChange<T>(
  c: Context<AppEnv>,
  read: (db: Db) => Promise<T[]>,
  change: Omit<AuditChange, 'before' | 'after'> & { idOf: (item: T) => string },
  write: (db: Db) => Promise<void>,
): Promise<T[]> {
  const { idOf, ...entry } = change;
  return c.get('db').transaction().execute(async (trx) => {
    const before = (await read(trx)).find((item) => idOf(item) === change.id);
    await write(trx);
    const list = await read(trx);
    const after = list.find((item) => idOf(item) === change.id);
    if (JSON.stringify(before) === JSON.stringify(after)) writerOf(c).unchanged?.();
    else await audit(c, trx, { ...entry, before, after });
    return list;
  });
}
