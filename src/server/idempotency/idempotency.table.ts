export interface IdempotencyKeyTable {
  /** Whose key it is: `user:<userId>`, or `org:<organizationId>` for anonymous callers. */
  scope: string;
  /** The client's Idempotency-Key header. */
  key: string;
  /** Method, path and SHA-256 of the body: the same key may only ever mean this one request. */
  fingerprint: string;
  /** 'pending' while the first request runs; 'completed' once its answer is stored. */
  status: 'pending' | 'completed';
  response_status: number | null;
  /** JSON object of the headers replayed with the body (content-type, location). */
  response_headers: string | null;
  /** The answer's bytes, base64. */
  response_body: string | null;
  created_at: string;
  /** The process that claimed it (./process-owner.ts); null for claims older than migration 020. */
  owner: string | null;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeyTable;
}
