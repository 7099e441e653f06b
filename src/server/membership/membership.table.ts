/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface MembershipTables {}
