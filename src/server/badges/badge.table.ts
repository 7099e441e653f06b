/** The club's name and picture of a milestone badge (migration 033); no row: the built-in ones (./badge.defaults.ts). */
export interface BadgeTable {
  organization_id: string;
  milestone: string;
  name: string;
  /** A path on this site. */
  image: string;
  /** `{ "es": { "name": "…" } }`. */
  translations: string;
  updated_at: string;
}

/** A milestone a supporter reached, once, and when. */
export interface MilestoneEarnedTable {
  user_id: string;
  milestone: string;
  earned_at: string;
}

export interface BadgeTables {
  badges: BadgeTable;
  milestones_earned: MilestoneEarnedTable;
}
