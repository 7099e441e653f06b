import type { Kysely } from 'kysely';

// Frozen once landed. A winner's e-mail is claimed before it is sent: two draw calls at once (two owners, a
// double click, an automation's retry) each found the winners not yet mailed, and each mailed them. The claim
// is the time a call took it; one older than the mailer could take (src/server/sweepstakes/sweepstake.operator.ts)
// was left by a process that died mid-send, and the next draw call may take it over.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sweepstake_winners').addColumn('mail_claimed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sweepstake_winners').dropColumn('mail_claimed_at').execute();
}
