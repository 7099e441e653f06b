import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import { assertStorable, isReadable } from '../stored/stored.ts';
import { StoryChapterRowSchema, StoryChapterSchema, StoryRowSchema } from './content.schemas.ts';
import type { StoryChapterTable, StoryChapterViewTable, StoryTable } from './story.table.ts';

/** A story's row joined with one of its chapters and this supporter's view of it: what the rail and a story's page read. */
const CHAPTER_COLUMNS = [
  's.id', 's.title', 's.type', 's.cover_media_id', 's.value', 's.created_at', 's.starts_at', 's.stops_at',
  'c.id as chapter_id', 'c.order_index', 'c.media_id', 'c.caption', 'c.sponsor_url', 'v.viewed_at',
  's.rank_gate', 's.translations', 'c.translations as chapter_translations',
] as const;

/**
 * Stories shown now, each row one chapter with whether this supporter has viewed it: the dashboard's
 * rail in one statement (a null `userId`, an anonymous caller, matches no view). Newest first, chapters in order.
 */
const liveChapters = prepared((db, organizationId: string, now: string, userId: string | null) => db.selectFrom('stories as s')
  .innerJoin('story_chapters as c', 'c.story_id', 's.id')
  .leftJoin('story_chapter_views as v', (join) => join.onRef('v.chapter_id', '=', 'c.id').on('v.user_id', '=', userId))
  .select(CHAPTER_COLUMNS)
  .where('s.organization_id', '=', organizationId).where('s.starts_at', '<=', now).where('s.stops_at', '>', now)
  .where('s.draft', '=', 0).where('s.archived_at', 'is', null)
  .orderBy('s.starts_at', 'desc').orderBy('s.id').orderBy('c.order_index'));

/** One story shown now, by id, with its chapters (and this supporter's views). */
const oneStory = prepared((db, organizationId: string, now: string, userId: string | null, storyId: string) => db.selectFrom('stories as s')
  .innerJoin('story_chapters as c', 'c.story_id', 's.id')
  .leftJoin('story_chapter_views as v', (join) => join.onRef('v.chapter_id', '=', 'c.id').on('v.user_id', '=', userId))
  .select(CHAPTER_COLUMNS)
  .where('s.id', '=', storyId)
  .where('s.organization_id', '=', organizationId).where('s.starts_at', '<=', now).where('s.stops_at', '>', now)
  .where('s.draft', '=', 0).where('s.archived_at', 'is', null)
  .orderBy('c.order_index'));

export type StoryChapterRow = Awaited<ReturnType<typeof liveChapters.all>>[number];

/** One story by id with its chapters, whatever its status or schedule (the console's preview), as no one has seen it. */
export async function findAnyStoryChapters(db: Db, organizationId: string, storyId: string): Promise<StoryChapterRow[]> {
  return db.selectFrom('stories as s').innerJoin('story_chapters as c', 'c.story_id', 's.id')
    .select([
      's.id', 's.title', 's.type', 's.cover_media_id', 's.value', 's.created_at', 's.starts_at', 's.stops_at',
      'c.id as chapter_id', 'c.order_index', 'c.media_id', 'c.caption', 'c.sponsor_url', sql<string | null>`null`.as('viewed_at'),
      's.rank_gate', 's.translations', 'c.translations as chapter_translations',
    ])
    .where('s.id', '=', storyId).where('s.organization_id', '=', organizationId).orderBy('c.order_index').execute();
}

/** A story with any chapter that fails StoryChapterRowSchema is left out whole (logged once per story). */
function readableStories(rows: StoryChapterRow[]): StoryChapterRow[] {
  const failed = new Set(rows.filter((row) => !isReadable('story', row.id, StoryChapterRowSchema, row, row.chapter_id)).map((row) => row.id));
  return failed.size === 0 ? rows : rows.filter((row) => !failed.has(row.id));
}

export async function listLiveStoryChapters(db: Db, organizationId: string, now: string, userId: string | null): Promise<StoryChapterRow[]> {
  return readableStories(await liveChapters.all(db, organizationId, now, userId));
}

export async function findLiveStoryChapters(db: Db, organizationId: string, now: string, userId: string | null, storyId: string): Promise<StoryChapterRow[]> {
  return readableStories(await oneStory.all(db, organizationId, now, userId, storyId));
}

/** A second view of the same chapter (a retry, a replay, another tab) changes nothing. */
export async function insertChapterView(db: Db, row: StoryChapterViewTable): Promise<void> {
  await db.insertInto('story_chapter_views').values(row)
    .onConflict((oc) => oc.columns(['user_id', 'chapter_id']).doNothing()).execute();
}

/** How many of a story's chapters this supporter has viewed. */
export async function countChapterViews(db: Db, userId: string, storyId: string): Promise<number> {
  const row = await db.selectFrom('story_chapter_views').select((eb) => eb.fn.countAll<number | string>().as('viewed'))
    .where('user_id', '=', userId).where('story_id', '=', storyId).executeTakeFirst();
  return Number(row?.viewed ?? 0);
}

export async function insertStories(db: Db, stories: StoryTable[], chapters: StoryChapterTable[]): Promise<void> {
  assertStorable('story', stories, StoryRowSchema);
  assertStorable('story chapter', chapters, StoryChapterSchema);
  if (stories.length > 0) await db.insertInto('stories').values(stories).execute();
  if (chapters.length > 0) await db.insertInto('story_chapters').values(chapters).execute();
}
