import { sql, type Kysely } from 'kysely';

// Frozen once landed. The first check-in's badge for everyone who checked in before badges existed (migration
// 033), dated at their first check-in: a check-in that continues a streak no longer asks for it (a streak of two
// days or more follows a check-in, which earned it), so those supporters would otherwise never be given it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into milestones_earned (user_id, milestone, earned_at)
    select user_id, 'first-checkin', min(created_at) from ledger_entries where kind = 'checkin' group by user_id
    on conflict (user_id, milestone) do nothing`.execute(db);
}

// The rows stay: they are the badges those supporters hold.
export async function down(): Promise<void> {}
