export interface MemberAdjustmentTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** Signed: a credit is positive, a debit negative. */
  points: number;
  reason: string;
  /** JSON `{ "es": { "reason": … } }`. */
  translations: string;
  /** The ledger entry a reversal takes back, else null. */
  reverses_entry_id: string | null;
  status: 'applied' | 'pending' | 'refused';
  idempotency_key: string;
  requested_by_id: string;
  requested_by_label: string;
  requested_by_role: string;
  decided_by_label: string | null;
  decided_at: string | null;
  /** The ledger entry an applied adjustment wrote. */
  ledger_entry_id: string | null;
  created_at: string;
}

export interface MemberTables {
  member_adjustments: MemberAdjustmentTable;
}
