interface UserRewardTable {
  user_id: string;
  organization_id: string;
  /** Short, unique within the organization; null until first asked for. */
  referral_code: string | null;
  /** The user whose link brought this one in (set once, at sign-up). */
  referred_by: string | null;
  /** The year whose birthday bonus modal the user has closed. */
  birthday_seen_year: number | null;
}

export interface RewardTables {
  user_rewards: UserRewardTable;
}
