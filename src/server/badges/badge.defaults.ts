// The milestones a supporter earns a badge for, and the names and pictures every club starts with (the club
// renames and redraws them in the console). Pictures: public/images/badges/{milestone}.svg, drawn by
// scripts/pictures/badge-images.ts. No word "points" in a name: under-18s earn them too.
export const MILESTONES = ['first-checkin', 'streak-7', 'challenges-10', 'first-entry'] as const;
export type Milestone = (typeof MILESTONES)[number];

/** Ten challenges answered earn `challenges-10`. */
export const CHALLENGES_FOR_BADGE = 10;
/** A streak of seven days earns `streak-7`. */
export const STREAK_FOR_BADGE = 7;

export const DEFAULT_BADGES: Readonly<Record<Milestone, { name: string; es: string }>> = {
  'first-checkin': { name: 'First check-in', es: 'Primera visita' },
  'streak-7': { name: 'Seven-day streak', es: 'Racha de siete días' },
  'challenges-10': { name: 'Ten challenges', es: 'Diez retos' },
  'first-entry': { name: 'First draw', es: 'Primer sorteo' },
};

export const defaultBadgeImage = (milestone: Milestone) => `/images/badges/${milestone}.svg`;

export function isMilestone(value: string): value is Milestone {
  return (MILESTONES as readonly string[]).includes(value);
}
