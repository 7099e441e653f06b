export interface LeaderboardTotalTable {
  organization_id: string;
  /** `week:YYYY-MM-DD`, `month:YYYY-MM-DD` or `season:YYYY-MM-DD`: the period and the local day it starts on. */
  board: string;
  user_id: string;
  /** Points earned on the board: awards add, a reversal of one takes off; spending never does. */
  points: number;
}

export interface LeaderboardLevelTable {
  organization_id: string;
  board: string;
  points: number;
  /** One of a level's shards (migration 041): a level is the sum of its shards' rows. */
  shard: number;
  /** This shard's part of the supporters of the board standing at `points` (0 once all have moved on; below 0 in a shard other than the one they joined by). */
  supporters: number;
}

export interface LeaderboardNameTable {
  /** The supporter chose to be shown by name. */
  user_id: string;
  chosen_at: string;
}

export interface LeaderboardTables {
  leaderboard_totals: LeaderboardTotalTable;
  leaderboard_levels: LeaderboardLevelTable;
  leaderboard_names: LeaderboardNameTable;
}
