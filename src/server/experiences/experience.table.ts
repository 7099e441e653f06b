import type { Generated } from 'kysely';

/** Something the club offers members of some tiers (a stadium tour…), with a limited number of places. */
export interface ExperienceTable {
  id: string;
  organization_id: string;
  slug: string;
  title: string;
  description: string;
  /** A site path, or null. */
  image: string | null;
  /** JSON list of the membership tier slugs that unlock it. */
  tiers: string;
  /** 0 or 1: under-18 supporters are refused. */
  adults_only: Generated<number>;
  places: number;
  /** Raised only by a conditional update that never passes `places` (experience.repository.ts). */
  places_taken: Generated<number>;
  /** Display order, lowest first. */
  position: number;
  created_at: string;
  /** 1: saved, not shown to supporters yet (migration 026). */
  draft: Generated<number>;
  /** Taken down by an operator: kept, never shown. */
  archived_at: string | null;
  /** The texts in other languages: `{ "es": { "title": "…" } }` (../admin/translations.ts). */
  translations: Generated<string>;
  updated_at: string | null;
}

type ExperienceRequestStatus = 'pending';

/** A supporter's request for a place: one per supporter and experience; the club follows it up by e-mail. */
export interface ExperienceRequestTable {
  id: string;
  experience_id: string;
  user_id: string;
  status: ExperienceRequestStatus;
  created_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface ExperienceTables {
  experiences: ExperienceTable;
  experience_requests: ExperienceRequestTable;
}
