import type { Generated } from 'kysely';
import type { OperatorRole } from '../../shared/operator-roles.ts';

/** A member of the club's staff (migration 023): an e-mail address with a role. */
export interface OperatorTable {
  id: string;
  organization_id: string;
  /** Lower-cased, trimmed: the address the e-mailed code proves. */
  email: string;
  role: OperatorRole;
  /** The operator who invited this one; null for one made with `npm run operator`. */
  invited_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A console sign-in: ends after 12 hours without use, or when the operator signs out or is removed. */
export interface OperatorSessionTable {
  id: string;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  operator_id: string;
  created_at: string;
  last_used_at: string;
  ended_at: string | null;
}

/** A key for automation: shown once, stored hashed, bound to a role, revocable. */
export interface ApiKeyTable {
  id: string;
  organization_id: string;
  name: string;
  role: OperatorRole;
  key_hash: string;
  /** The key's last four characters, so an owner can tell keys apart. */
  key_hint: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  uses: Generated<number>;
  revoked_at: string | null;
}

export interface OperatorTables {
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  api_keys: ApiKeyTable;
}
