import type { AuditQuery } from './admin.api.ts';

const FIELDS = ['actor', 'kind', 'subject', 'action', 'from', 'to', 'cursor'] as const;

/** The audit filter from a page's address: the known fields only, trimmed, bounded (the API checks them). */
export function auditQueryOf(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim().slice(0, 300);
    if (value) query[field] = value;
  }
  return query;
}
