// The choices a story's form offers: the same lists the API checks (../../server/content/admin/story.admin.schema.ts).
export const STORY_TYPES = ['default', 'live', 'sponsored'] as const;
export const RANK_CODES = ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'] as const;
export const STATUSES = ['draft', 'scheduled', 'live', 'ended', 'archived'] as const;
