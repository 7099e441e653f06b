export interface SessionTable {
  id: string;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

export interface LoginCodeTable {
  id: string;
  organization_id: string;
  email: string;
  /** HMAC of the code with APP_SECRET. */
  code_hash: string;
  /** The client that asked for it (src/server/auth/client-key.ts): only its tries count, only its next request replaces it. */
  client: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitHitTable {
  key: string;
  window_start: string;
  count: number;
}
