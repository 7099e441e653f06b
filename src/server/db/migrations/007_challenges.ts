import type { Kysely } from 'kysely';

// Frozen once landed. Challenges are organization content; options and trivia questions are JSON text
// (portable across SQLite and PostgreSQL). The keyword answer and each question's correctIndex are
// stored here only: the API never sends them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // poll | input | trivia
    .addColumn('type', 'text', (c) => c.notNull())
    // poll | pickem | arcade | trivia | keyword | feedback
    .addColumn('subtype', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hint', 'text')
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media_id', 'text')
    .addColumn('visible_from', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer', 'text')
    .addColumn('questions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('challenges_org_visible').on('challenges')
    .columns(['organization_id', 'visible_from']).execute();

  await db.schema
    .createTable('challenge_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('response_index', 'integer')
    .addColumn('response_text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('challenge_responses_once', ['user_id', 'challenge_id'])
    .execute();
  await db.schema.createIndex('challenge_responses_challenge').on('challenge_responses')
    .columns(['challenge_id', 'response_index']).execute();

  await db.schema
    .createTable('trivia_answers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('response_index', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trivia_answers_pk', ['user_id', 'challenge_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trivia_answers').execute();
  await db.schema.dropTable('challenge_responses').execute();
  await db.schema.dropTable('challenges').execute();
}
