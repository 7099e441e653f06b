import type { AuditEntryView } from './audit.view.ts';

const COLUMNS = ['at', 'actor_type', 'actor', 'role', 'action', 'kind', 'subject_id', 'before', 'after', 'request_id', 'client_address'] as const;

/**
 * RFC 4180 fields; a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a
 * quote, so an operator's text cannot become a formula in someone's Excel.
 */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(entries: AuditEntryView[]): string {
  const lines = [COLUMNS.join(',')];
  for (const e of entries) {
    lines.push([e.at, e.actor.type, e.actor.label, e.actor.role, e.action, e.kind, e.subjectId, e.before, e.after, e.requestId, e.clientAddress].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
