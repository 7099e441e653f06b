import { csvLine } from '../csv.ts';
import type { AuditEntryView } from './audit.view.ts';

const COLUMNS = ['at', 'actor_type', 'actor', 'role', 'action', 'kind', 'subject_id', 'before', 'after', 'request_id', 'client_address'] as const;

export function auditCsv(entries: AuditEntryView[]): string {
  let csv = csvLine(COLUMNS);
  for (const e of entries) {
    csv += csvLine([e.at, e.actor.type, e.actor.label, e.actor.role, e.action, e.kind, e.subjectId, e.before, e.after, e.requestId, e.clientAddress]);
  }
  return csv;
}
