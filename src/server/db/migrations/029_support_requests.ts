import type { Kysely } from 'kysely';

// Frozen once landed. Support requests (issue 25, point 4): a supporter writes to the club from their profile
// (an under-18 supporter, who may not edit it, included), support answers by e-mail from the console.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // What the supporter quotes (`TR-7K3P9`): unique within the club.
    .addColumn('reference', 'text', (c) => c.notNull())
    // birthday | points | other
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The language the supporter wrote in: the club's answer is mailed in it.
    .addColumn('locale', 'text', (c) => c.notNull())
    // open | answered | closed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addUniqueConstraint('support_requests_reference', ['organization_id', 'reference'])
    .execute();
  // The console's queue: one status, newest first.
  await db.schema.createIndex('support_requests_queue').on('support_requests').columns(['organization_id', 'status', 'created_at']).execute();
  // A supporter's own requests on their page.
  await db.schema.createIndex('support_requests_by_user').on('support_requests').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('support_request_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('support_requests.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    // The operator's address or the key's name, for the staff; the supporter reads "the club".
    .addColumn('by_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_request_replies_by_request').on('support_request_replies').columns(['request_id', 'created_at']).execute();
}
