import type { Db } from './db/connection.ts';

/** Who is calling, resolved once per request by the auth middleware. */
export interface Caller {
  organizationId: string;
  organizationToken: string;
  /** null while the caller uses the organization's public key (anonymous). */
  userId: string | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    db: Db;
    caller: Caller;
  };
}
