import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { AuditEntryTable } from './audit.table.ts';

// INSERT and SELECT only: the trail is append-only (migration 023's triggers refuse the rest).
export function insertAuditEntry(db: Db, row: Insertable<AuditEntryTable>) {
  return db.insertInto('audit_entries').values(row).execute();
}

export interface AuditFilter {
  /** An operator's or key's id, or its e-mail address or name as the entry has it. */
  actor?: string | undefined;
  kind?: string | undefined;
  subject?: string | undefined;
  action?: string | undefined;
  /** ISO instants: entries at or after `from`, before `to`. */
  from?: string | undefined;
  to?: string | undefined;
  /** The last entry of the previous page (newest first): `at` and `id`. */
  before?: { at: string; id: string } | undefined;
}

/** Entries newest first, `limit` of them, as the filter narrows them. */
export function listAuditEntries(db: Db, organizationId: string, filter: AuditFilter, limit: number) {
  let query = db.selectFrom('audit_entries').selectAll().where('organization_id', '=', organizationId);
  if (filter.actor) {
    const actor = filter.actor;
    query = query.where((eb) => eb.or([eb('actor_id', '=', actor), eb('actor_label', '=', actor)]));
  }
  if (filter.kind) query = query.where('subject_kind', '=', filter.kind);
  if (filter.subject) query = query.where('subject_id', '=', filter.subject);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  const before = filter.before;
  if (before) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

