import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { StoryChapterTable } from '../story.table.ts';

// The console's stories in SQL: a story's row, its chapters, and the writes. Rules live in story.admin.service.ts.

export function findStoryRow(db: Db, organizationId: string, id: string) {
  return db.selectFrom('stories').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}
export type StoryRow = NonNullable<Awaited<ReturnType<typeof findStoryRow>>>;
export type ChapterRow = StoryChapterTable & { translations: string };

export async function listChapterRows(db: Db, storyIds: string[]): Promise<ChapterRow[]> {
  if (storyIds.length === 0) return [];
  return db.selectFrom('story_chapters').selectAll().where('story_id', 'in', storyIds).orderBy('order_index').execute();
}

type StoryColumns = Partial<Omit<StoryRow, 'id' | 'organization_id'>>;

export async function insertStoryRow(db: Db, row: StoryColumns & { id: string; organization_id: string; title: string; type: string; value: number; created_at: string; starts_at: string; stops_at: string }) {
  await db.insertInto('stories').values(row).execute();
}

export async function updateStoryRow(db: Db, organizationId: string, id: string, columns: StoryColumns): Promise<void> {
  await db.updateTable('stories').set(columns).where('id', '=', id).where('organization_id', '=', organizationId).execute();
}

/** The chapters in their new order: a known id keeps its row (and its views), others are new; the rest go. */
export async function replaceChapters(
  trx: Db, storyId: string, chapters: Array<Omit<ChapterRow, 'id' | 'story_id' | 'order_index'> & { id?: string | undefined }>,
): Promise<ChapterRow[]> {
  const existing = new Set((await trx.selectFrom('story_chapters').select('id').where('story_id', '=', storyId).execute()).map((r) => r.id));
  const kept = new Set(chapters.map((c) => c.id).filter((id): id is string => !!id && existing.has(id)));
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom('story_chapters').where('id', 'in', gone).execute();
  // Out of the way of the order's unique constraint first, then into place.
  for (const [i, id] of [...kept].entries()) await trx.updateTable('story_chapters').set({ order_index: -1 - i }).where('id', '=', id).execute();
  const rows: ChapterRow[] = chapters.map(({ id, ...chapter }, index) => ({
    ...chapter, id: id && kept.has(id) ? id : randomUUID(), story_id: storyId, order_index: index,
  }));
  for (const row of rows) {
    if (kept.has(row.id)) await trx.updateTable('story_chapters').set(row).where('id', '=', row.id).execute();
    else await trx.insertInto('story_chapters').values(row).execute();
  }
  return rows;
}
