export interface LedgerEntryTable {
  id: string;
  user_id: string;
  /** Signed: awards are positive, spends negative. */
  amount: number;
  /** What it was for, e.g. `checkin`, `challenge`, `sweepstake_entry`, `birthday_bonus`, `referral`. */
  kind: string;
  /** The thing it was for (a challenge id, a sweepstake id, a local day…). */
  reference: string | null;
  /** One effect per user and key: a repeat returns the first entry. */
  idempotency_key: string;
  balance_after: number;
  lifetime_after: number;
  created_at: string;
}

export interface LedgerTables {
  ledger_entries: LedgerEntryTable;
}
