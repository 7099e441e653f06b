import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen once landed. Membership tiers are organization data; a paid tier chosen before payment
// exists is kept as an upgrade request.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('membership_tiers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // A JSON list of strings.
    .addColumn('perks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('price_label', 'text', (c) => c.notNull())
    .addColumn('is_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('membership_tiers_slug_unique', ['organization_id', 'slug'])
    .execute();

  await db.schema
    .createTable('membership_upgrade_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier_id', 'text', (c) => c.notNull().references('membership_tiers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One open request per user and tier: choosing the same paid tier again (or a retried POST) adds nothing.
  await db.schema.createIndex('membership_upgrade_requests_pending_unique').on('membership_upgrade_requests')
    .columns(['user_id', 'tier_id']).unique().where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('membership_upgrade_requests_org_status').on('membership_upgrade_requests')
    .columns(['organization_id', 'status']).execute();

  // Every membership starts at entry (the spec's default level): organizations that exist before
  // this migration get that tier, so new supporters always have something to choose.
  const organizations: { id: string }[] = await db.selectFrom('organizations').select('id').execute();
  const now = new Date().toISOString();
  for (const { id } of organizations) {
    await db.insertInto('membership_tiers').values({
      id: randomUUID(), organization_id: id, slug: 'entry', name: 'Entry',
      description: 'Free membership for every supporter.',
      perks: JSON.stringify(['Earn points and climb the ranks', 'Enter sweepstakes with your points']),
      price_label: 'Free', is_paid: 0, position: 0, created_at: now,
    }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('membership_upgrade_requests').execute();
  await db.schema.dropTable('membership_tiers').execute();
}
