/** A supporter's subject (`sub`) at the club's OpenID Connect provider (migration 021). */
interface ProviderAccountTable {
  organization_id: string;
  subject: string;
  user_id: string;
  created_at: string;
}

/** A sign-in sent to the provider and not yet back: single use, 10 minutes. */
export interface ProviderSignInTable {
  /** SHA-256 of the state: the state itself travels only in the browser's address and cookie. */
  state_hash: string;
  organization_id: string;
  code_verifier: string;
  nonce: string;
  expires_at: string;
}

/** The provider's ID token of a session it opened, for its sign-out's id_token_hint. */
interface ProviderSessionTable {
  session_id: string;
  id_token: string;
}

export interface ProviderTables {
  provider_accounts: ProviderAccountTable;
  provider_sign_ins: ProviderSignInTable;
  provider_sessions: ProviderSessionTable;
}
