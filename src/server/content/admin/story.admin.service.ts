import { randomUUID } from 'node:crypto';
import type { ContentListQuery } from '../../admin/content-list.ts';
import { contentStatus } from '../../admin/content-list.ts';
import { readTranslations, writeTranslations } from '../../admin/translations.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../errors.ts';
import { assertStorable } from '../../stored/stored.ts';
import { StoryChapterSchema, StoryRowSchema } from '../content.schemas.ts';
import { rankCodeOf } from '../story.service.ts';
import { pageOf, searchCondition, statusCondition } from './console-content.ts';
import { RANK_CODES, STORY_TYPES, type AdminStory, type StoryInput } from './story.admin.schema.ts';

// The console's stories: SQL and rules together (one kind, one small file). Every write runs in the
// caller's transaction, which appends the audit entry.

const SCHEDULE = { start: 'starts_at', end: 'stops_at' };
const notFound = () => new ApiError('not_found', 'api.stories.notFound');

const storyRows = (db: Db, organizationId: string) => db.selectFrom('stories').selectAll().where('organization_id', '=', organizationId);
type StoryRow = Awaited<ReturnType<ReturnType<typeof storyRows>['executeTakeFirstOrThrow']>>;
type ChapterRow = { id: string; story_id: string; order_index: number; media_id: string; caption: string; sponsor_url: string | null; translations: string };

function toAdmin(row: StoryRow, chapters: ChapterRow[], now: Date): AdminStory {
  const draft = Number(row.draft) === 1;
  const gate = row.rank_gate ?? rankCodeOf(row.title);
  return {
    id: row.id, title: row.title,
    type: (STORY_TYPES as readonly string[]).includes(row.type) ? (row.type as AdminStory['type']) : 'default',
    rankGate: (RANK_CODES as readonly (string | null)[]).includes(gate) ? (gate as AdminStory['rankGate']) : null,
    coverMediaId: row.cover_media_id, value: Number(row.value), startsAt: row.starts_at, stopsAt: row.stops_at, createdAt: row.created_at,
    chapters: chapters.sort((a, b) => Number(a.order_index) - Number(b.order_index)).map((c) => ({
      id: c.id, orderIndex: Number(c.order_index), mediaId: c.media_id, caption: c.caption, sponsorUrl: c.sponsor_url,
      translations: readTranslations(c.translations) as AdminStory['chapters'][number]['translations'],
    })),
    translations: readTranslations(row.translations) as AdminStory['translations'],
    status: contentStatus({ draft, archivedAt: row.archived_at, startsAt: row.starts_at, endsAt: row.stops_at }, now),
    draft, archivedAt: row.archived_at, updatedAt: row.updated_at,
  };
}

async function chaptersOf(db: Db, storyIds: string[]): Promise<Map<string, ChapterRow[]>> {
  const byStory = new Map<string, ChapterRow[]>(storyIds.map((id) => [id, []]));
  if (storyIds.length === 0) return byStory;
  const rows = await db.selectFrom('story_chapters').selectAll().where('story_id', 'in', storyIds).execute();
  for (const row of rows) byStory.get(row.story_id)?.push(row);
  return byStory;
}

export async function listAdminStories(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const at = now.toISOString();
  const filtered = () => storyRows(db, organizationId)
    .where(statusCondition(query.status, at, SCHEDULE)).where(searchCondition(query.q, 'title'));
  const counted = await filtered().clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const { offset, pages } = pageOf(query, total);
  const rows = await filtered().orderBy('starts_at', 'desc').orderBy('id').limit(query.limit).offset(offset).execute();
  const chapters = await chaptersOf(db, rows.map((r) => r.id));
  return { items: rows.map((row) => toAdmin(row, chapters.get(row.id) ?? [], now)), total, page: query.page, pages };
}

export async function getAdminStory(db: Db, organizationId: string, id: string, now = new Date()): Promise<AdminStory> {
  const row = await storyRows(db, organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toAdmin(row, (await chaptersOf(db, [id])).get(id) ?? [], now);
}

function storyColumns(input: StoryInput, now: string) {
  return {
    title: input.title, type: input.type, rank_gate: input.rankGate, cover_media_id: input.coverMediaId, value: input.value,
    starts_at: input.startsAt, stops_at: input.stopsAt, translations: writeTranslations(input.translations), updated_at: now,
  };
}

/** The chapters as given, in order: a known id keeps its row (and its views), others are new; the rest go. */
async function writeChapters(trx: Db, storyId: string, chapters: StoryInput['chapters']): Promise<void> {
  const existing = new Set((await trx.selectFrom('story_chapters').select('id').where('story_id', '=', storyId).execute()).map((r) => r.id));
  const kept = new Set(chapters.map((c) => c.id).filter((id): id is string => !!id && existing.has(id)));
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom('story_chapters').where('id', 'in', gone).execute();
  // Out of the way of the order's unique constraint first, then into place.
  for (const [i, id] of [...kept].entries()) await trx.updateTable('story_chapters').set({ order_index: -1 - i }).where('id', '=', id).execute();
  const rows = chapters.map((c, index) => ({
    id: c.id && kept.has(c.id) ? c.id : randomUUID(), story_id: storyId, order_index: index, media_id: c.mediaId,
    caption: c.caption, sponsor_url: c.sponsorUrl, translations: writeTranslations(c.translations),
  }));
  assertStorable('story chapter', rows, StoryChapterSchema);
  for (const row of rows) {
    if (kept.has(row.id)) await trx.updateTable('story_chapters').set(row).where('id', '=', row.id).execute();
    else await trx.insertInto('story_chapters').values(row).execute();
  }
}

export async function createAdminStory(trx: Db, organizationId: string, input: StoryInput, now = new Date()): Promise<AdminStory> {
  const id = randomUUID();
  const at = now.toISOString();
  const row = { id, organization_id: organizationId, created_at: at, draft: 1, ...storyColumns(input, at) };
  assertStorable('story', [row], StoryRowSchema);
  await trx.insertInto('stories').values(row).execute();
  await writeChapters(trx, id, input.chapters);
  return getAdminStory(trx, organizationId, id, now);
}

export async function updateAdminStory(trx: Db, organizationId: string, id: string, input: StoryInput, now = new Date()): Promise<AdminStory> {
  await getAdminStory(trx, organizationId, id, now);
  const columns = storyColumns(input, now.toISOString());
  assertStorable('story', [{ id, ...columns }], StoryRowSchema);
  await trx.updateTable('stories').set(columns).where('id', '=', id).where('organization_id', '=', organizationId).execute();
  await writeChapters(trx, id, input.chapters);
  return getAdminStory(trx, organizationId, id, now);
}

/** A draft copy: the same texts, pictures and schedule, new ids; nobody has seen its chapters. */
export async function duplicateAdminStory(trx: Db, organizationId: string, id: string, now = new Date()): Promise<AdminStory> {
  const source = await getAdminStory(trx, organizationId, id, now);
  return createAdminStory(trx, organizationId, {
    ...source,
    chapters: source.chapters.map(({ mediaId, caption, sponsorUrl, translations }) => ({ mediaId, caption, sponsorUrl, translations })),
  }, now);
}

/** Sets the draft flag and archive time; answers the story before and after (equal: nothing changed). */
export async function setAdminStoryState(trx: Db, organizationId: string, id: string, state: 'publish' | 'archive', now = new Date()) {
  const before = await getAdminStory(trx, organizationId, id, now);
  const at = now.toISOString();
  const change = state === 'publish'
    ? (before.draft || before.archivedAt ? { draft: 0, archived_at: null, updated_at: at } : undefined)
    : (before.archivedAt ? undefined : { archived_at: at, updated_at: at });
  if (!change) return { before, after: before, changed: false };
  await trx.updateTable('stories').set(change).where('id', '=', id).where('organization_id', '=', organizationId).execute();
  return { before, after: await getAdminStory(trx, organizationId, id, now), changed: true };
}
