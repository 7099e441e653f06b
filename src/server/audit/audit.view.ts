import type { AuditEntryTable } from './audit.table.ts';

/** An entry as the API answers it: the stored JSON values parsed back. */
export function entryView(row: AuditEntryTable) {
  return {
    id: row.id, at: row.at,
    actor: { type: row.actor_type, id: row.actor_id, label: row.actor_label, role: row.actor_role },
    action: row.action, kind: row.subject_kind, subjectId: row.subject_id,
    before: row.before === null ? null : JSON.parse(row.before) as unknown,
    after: row.after === null ? null : JSON.parse(row.after) as unknown,
    requestId: row.request_id, clientAddress: row.client_address,
  };
}

export type AuditEntryView = ReturnType<typeof entryView>;
