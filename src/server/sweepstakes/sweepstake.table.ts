/**
 * A prize draw supporters enter with points (or once for free). The seed is secret until the draw; its
 * SHA-256 (`commitment`) is public from creation, so the club cannot pick a seed after seeing the entries.
 */
export interface SweepstakeTable {
  id: string;
  organization_id: string;
  slug: string;
  title: string;
  description: string;
  /** What is won, as the club describes it, and its value in whole units of `currency`. */
  prize: string;
  prize_value: number;
  currency: string;
  /** Who gives the prize (the promoter named in the rules). */
  sponsor: string;
  /** The picture: a demo image name (`/images/sweepstakes/{media_id}-{width}.webp`). */
  media_id: string | null;
  cost_per_entry: number;
  /** Entries one supporter may hold, the free one included. */
  max_entries_per_supporter: number;
  winner_count: number;
  starts_at: string;
  ends_at: string;
  /** 64 hex characters; secret until `drawn_at`. */
  seed: string;
  /** SHA-256 of the seed's hex text. */
  commitment: string;
  /** A drand round announced before entries close, mixed into the draw (null: no beacon). */
  beacon_url: string | null;
  beacon_round: number | null;
  /** The round's `randomness`, fetched at the draw. */
  beacon_value: string | null;
  /** Tickets entered so far; the entry transaction raises it, which also serializes entries per sweepstake. */
  ticket_count: number;
  /** When the entry list was frozen (after ends_at), and the SHA-256 of its canonical text. */
  frozen_at: string | null;
  entries_hash: string | null;
  /** The frozen list's length (lines), counted at the freeze. */
  published_entries: number | null;
  drawn_at: string | null;
  cancelled_at: string | null;
  /** The rules PDFs in the media store, by language: JSON `{ "en": "<sha256>.pdf", … }`. */
  rules_media: string;
  created_at: string;
  /** 1: saved, not shown to supporters yet (migration 026). */
  draft: number;
  /** Taken down by an operator: kept, never shown. */
  archived_at: string | null;
  /** The texts in other languages: `{ "es": { "title": "…" } }` (../admin/translations.ts). */
  translations: string;
  updated_at: string | null;
  /** The club's own rules, printed in the rules PDF after the standard terms ('' for none). */
  rules: string;
}

/** One entry request: `tickets` tickets under one opaque id (a free entry is a batch of one, `points_spent` 0). */
export interface SweepstakeEntryTable {
  id: string;
  sweepstake_id: string;
  user_id: string;
  /** Opaque, the same for all of a supporter's entries in one sweepstake: the draw's "no supporter wins twice". */
  holder: string;
  tickets: number;
  points_spent: number;
  /** `free`, or the request's Idempotency-Key (else a fresh id): one batch per supporter and request. */
  request_key: string;
  /** The ledger key of the spend (null for a free entry). */
  ledger_key: string | null;
  refunded_at: string | null;
  created_at: string;
}

export interface SweepstakeWinnerTable {
  sweepstake_id: string;
  /** 1 for the first drawn. */
  position: number;
  entry_id: string;
  holder: string;
  user_id: string;
  /** The ticket drawn, counted within the tickets still in the draw at that round. */
  ticket: number;
  /** First name and initial at the time of the draw, or null when the profile has no first name. */
  display_name: string | null;
  notified_at: string | null;
  /** When a draw call took the winner's e-mail to send (migration 037): no other call sends it meanwhile. */
  mail_claimed_at: string | null;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface SweepstakeTables {
  sweepstakes: SweepstakeTable;
  sweepstake_entries: SweepstakeEntryTable;
  sweepstake_winners: SweepstakeWinnerTable;
}
