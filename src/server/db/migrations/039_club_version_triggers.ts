import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. Every write to a club's settings or ranks raises its content version
// (organizations.content_version), in the database itself: the console's, a script's, one made with SQL. A process
// keeps the settings and ranks it read under that version (src/server/organization/club-snapshot.ts) and reads
// them again once it has risen.
const TABLES = ['organization_settings', 'ranks'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function raise_club_version() returns trigger language plpgsql as $$
      begin
        update organizations set content_version = content_version + 1
          where id = (case when tg_op = 'DELETE' then old.organization_id else new.organization_id end);
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql.raw(`create trigger ${table}_raise_club_version after insert or update or delete on ${table}
        for each row execute function raise_club_version()`).execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql.raw(`create trigger ${table}_raise_club_version_${event} after ${event} on ${table}
        begin update organizations set content_version = content_version + 1 where id = ${row}.organization_id; end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) await sql.raw(`drop trigger if exists ${table}_raise_club_version on ${table}`).execute(db);
    await sql`drop function if exists raise_club_version()`.execute(db);
    return;
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_raise_club_version_${event}`).execute(db);
  }
}
