import { randomUUID } from 'node:crypto';
import { contentStatus, type ContentListQuery } from '../../admin/content-list.ts';
import { readTranslations, writeTranslations, type Translations } from '../../admin/translations.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../errors.ts';
import { assertStorable } from '../../stored/stored.ts';
import { StoryChapterSchema, StoryRowSchema } from '../content.schemas.ts';
import { rankCodeOf } from '../story.service.ts';
import { pageOf } from './console-content.ts';
import { pageRows } from './console-content.repository.ts';
import {
  findStoryRow, insertStoryRow, listChapterRows, replaceChapters, updateStoryRow, type ChapterRow, type StoryRow,
} from './story.admin.repository.ts';
import { RANK_CODES, STORY_TYPES, type AdminStory, type StoryInput } from './story.admin.schema.ts';

// The console's stories: the rules (SQL in story.admin.repository.ts). Every write runs in the caller's
// transaction, which appends the audit entry.

const SCHEDULE = { start: 'starts_at', end: 'stops_at' };
const notFound = () => new ApiError('not_found', 'api.stories.notFound');


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
  for (const row of await listChapterRows(db, storyIds)) byStory.get(row.story_id)?.push(row);
  return byStory;
}

export async function listAdminStories(db: Db, organizationId: string, query: ContentListQuery, now = new Date()) {
  const { offset } = pageOf(query, 0);
  const found = await pageRows(db, 'stories', organizationId, query, now.toISOString(), SCHEDULE, 'title', offset);
  const rows = found.rows as StoryRow[];
  const { total } = found;
  const { pages } = pageOf(query, total);
  const chapters = await chaptersOf(db, rows.map((r) => r.id));
  return { items: rows.map((row) => toAdmin(row, chapters.get(row.id) ?? [], now)), total, page: query.page, pages };
}

export async function getAdminStory(db: Db, organizationId: string, id: string, now = new Date()): Promise<AdminStory> {
  const row = await findStoryRow(db, organizationId, id);
  if (!row) throw notFound();
  return toAdmin(row, (await chaptersOf(db, [id])).get(id) ?? [], now);
}

function storyColumns(input: StoryInput, now: string) {
  return {
    title: input.title, type: input.type, rank_gate: input.rankGate, cover_media_id: input.coverMediaId, value: input.value,
    starts_at: input.startsAt, stops_at: input.stopsAt, translations: writeTranslations(input.translations as Translations), updated_at: now,
  };
}

/** The chapters as given, checked by the stored rows' schema, then written (./story.admin.repository.ts). */
async function writeChapters(trx: Db, storyId: string, chapters: StoryInput['chapters']): Promise<void> {
  const rows = chapters.map((c, index) => ({
    id: c.id, story_id: storyId, order_index: index, media_id: c.mediaId, caption: c.caption, sponsor_url: c.sponsorUrl,
    translations: writeTranslations(c.translations as Translations),
  }));
  assertStorable('story chapter', rows.map((row) => ({ ...row, id: row.id ?? 'new' })), StoryChapterSchema);
  await replaceChapters(trx, storyId, rows.map(({ story_id: _s, order_index: _o, ...row }) => row));
}

export async function createAdminStory(trx: Db, organizationId: string, input: StoryInput, now = new Date()): Promise<AdminStory> {
  const id = randomUUID();
  const at = now.toISOString();
  const row = { id, organization_id: organizationId, created_at: at, draft: 1, ...storyColumns(input, at) };
  assertStorable('story', [row], StoryRowSchema);
  await insertStoryRow(trx, row);
  await writeChapters(trx, id, input.chapters);
  return getAdminStory(trx, organizationId, id, now);
}

export async function updateAdminStory(trx: Db, organizationId: string, id: string, input: StoryInput, now = new Date()): Promise<AdminStory> {
  await getAdminStory(trx, organizationId, id, now);
  const columns = storyColumns(input, now.toISOString());
  assertStorable('story', [{ id, ...columns }], StoryRowSchema);
  await updateStoryRow(trx, organizationId, id, columns);
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
  await updateStoryRow(trx, organizationId, id, change);
  return { before, after: await getAdminStory(trx, organizationId, id, now), changed: true };
}
