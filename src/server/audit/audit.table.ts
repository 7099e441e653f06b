/**
 * One operator write (migration 023). Append-only: the database refuses UPDATE and DELETE on it, and no
 * repository function writes anything but an INSERT.
 */
export interface AuditEntryTable {
  id: string;
  organization_id: string;
  at: string;
  /** Who wrote: a console session, an API key, or the command line (`npm run operator`). */
  actor_type: 'operator' | 'api_key' | 'cli';
  /** The operator's or the key's id; `cli` for the command line. */
  actor_id: string;
  /** The operator's e-mail address or the key's name, as it was at the time. */
  actor_label: string;
  actor_role: string;
  /** What was done, e.g. `challenge.create`, `operator.invite`, `sweepstake.draw`. */
  action: string;
  /** The kind and id of the thing, e.g. `challenge` and its id. */
  subject_kind: string;
  subject_id: string;
  /** JSON of the values before and after; null where there was nothing before (a create) or after (a removal). */
  before: string | null;
  after: string | null;
  request_id: string | null;
  client_address: string | null;
}

export interface AuditTables {
  audit_entries: AuditEntryTable;
}
