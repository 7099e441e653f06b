import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Every write to a club's badges raises its content version too, as migration 039 made every
// write to its settings and ranks do (with 039's function on PostgreSQL): every award looks for the milestones it
// reached, and the process keeps the badges it read under that version (src/server/organization/club-snapshot.ts).

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger badges_raise_club_version after insert or update or delete on badges
      for each row execute function raise_club_version()`.execute(db);
    return;
  }
  for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
    await sql.raw(`create trigger badges_raise_club_version_${event} after ${event} on badges
      begin update organizations set content_version = content_version + 1 where id = ${row}.organization_id; end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists badges_raise_club_version on badges`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists badges_raise_club_version_${event}`).execute(db);
}
