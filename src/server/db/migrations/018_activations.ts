import { sql, type Kysely } from 'kysely';

// Frozen once landed. Activations: a scannable link (`/a/{slug}`) open between `starts_at` and `stops_at`
// that gives a supporter its badge (one row per supporter and activation: a repeat changes nothing) and
// pays its points through the ledger (key `activation:<id>`), once.
// Enhanced experiences: what the club offers per membership tier, with a limited number of places.
// `places_taken` is raised only by a conditional update (never past `places`), in the same transaction
// as the request row (one per supporter and experience), so places are never oversold.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('badge_name', 'text', (c) => c.notNull())
    // A site path, e.g. /images/badges/matchday.svg.
    .addColumn('badge_image', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('stops_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('activations_organization_slug', ['organization_id', 'slug'])
    .execute();

  await db.schema
    .createTable('badges_earned')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('activation_id', 'text', (c) => c.notNull().references('activations.id').onDelete('cascade'))
    .addColumn('earned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('badges_earned_pk', ['user_id', 'activation_id'])
    .execute();

  await db.schema
    .createTable('experiences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    // JSON list of the membership tier slugs that unlock it.
    .addColumn('tiers', 'text', (c) => c.notNull())
    .addColumn('adults_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('places_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('experiences_organization_slug', ['organization_id', 'slug'])
    .addCheckConstraint('experiences_places_within', sql`places_taken >= 0 and places_taken <= places`)
    .execute();

  await db.schema
    .createTable('experience_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('experience_id', 'text', (c) => c.notNull().references('experiences.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('experience_requests_once', ['experience_id', 'user_id'])
    .execute();
  await db.schema.createIndex('experience_requests_user').on('experience_requests').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('experience_requests').execute();
  await db.schema.dropTable('experiences').execute();
  await db.schema.dropTable('badges_earned').execute();
  await db.schema.dropTable('activations').execute();
}
