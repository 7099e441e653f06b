import type { Kysely } from 'kysely';

// Frozen once landed. `users.properties` keeps its fixed keys (src/server/users/properties.ts): only
// `membership` is stored. Keys a PATCH could add before (up to 4,000 characters each, accumulating: one
// test user reached 1.09 MB, loaded by every page) are dropped here, in pages of rows, on both databases.
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const PAGE = 500;

function kept(text: string): string {
  try {
    const membership: unknown = (JSON.parse(text) as Record<string, unknown> | null)?.['membership'];
    return typeof membership === 'string' && SLUG.test(membership) ? JSON.stringify({ membership }) : '{}';
  } catch {
    return '{}';
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; properties: string }> = await db.selectFrom('users').select(['id', 'properties'])
      .where('id', '>', after).where('properties', '<>', '{}').orderBy('id').limit(PAGE).execute();
    for (const row of rows) {
      const properties = kept(row.properties);
      if (properties !== row.properties) await db.updateTable('users').set({ properties }).where('id', '=', row.id).execute();
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

export async function down(): Promise<void> {
  // The dropped keys are gone: nothing to restore.
}
