import type { Generated } from 'kysely';

/** A consent the organization asks its supporters for (marketing e-mail, SMS, partner offers…). */
export interface ConsentTable {
  id: string;
  organization_id: string;
  /** Stable machine name within the organization, e.g. `marketing_email`; the API's `consentId`. */
  key: string;
  name: string;
  description: string | null;
  /** Order on the profile page, ascending. */
  position: Generated<number>;
  /** 1 while offered; a retired consent (0) keeps its history but is no longer listed. */
  active: Generated<number>;
  created_at: string;
}

/** A user's current answer to one consent; kept in step with the latest event, in one transaction. */
interface UserConsentTable {
  user_id: string;
  consent_id: string;
  /** 0 or 1. */
  value: number;
  /** JSON object, or null. */
  data: string | null;
  updated_at: string;
}

/** Append-only: one row per change, never updated or deleted (except with the user). */
export interface UserConsentEventTable {
  id: string;
  user_id: string;
  consent_id: string;
  value: number;
  data: string | null;
  created_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface ConsentTables {
  consents: ConsentTable;
  user_consents: UserConsentTable;
  user_consent_events: UserConsentEventTable;
}
