import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.ts';
import { localized } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { award } from '../ledger/ledger.ts';
import { listRanks } from '../organization/organization.repository.ts';
import { isUnderage } from '../users/age.ts';
import { lockUser } from '../users/user.repository.ts';
import { rankFor } from '../users/rank.ts';
import { standingAfter } from '../users/standing.ts';
import {
  countChapterViews, findAnyStoryChapters, findLiveStoryChapters, insertChapterView, listLiveStoryChapters, type StoryChapterRow,
} from './story.repository.ts';
import type { Story, StoryChapterView as ChapterViewResult, StoryCover } from './story.schema.ts';

/** Story completions are ledger entries of kind `story`, reference the story's id, keyed `story:<id>`: one per supporter. */
const STORY_KIND = 'story';
const completionKey = (storyId: string) => `story:${storyId}`;

/** The club's types; `watched` is the supporter's own, once every chapter has been viewed (spec: the group follows type). */
const STORY_TYPES = ['live', 'sponsored', 'default'] as const;
type StoryType = (typeof STORY_TYPES)[number] | 'watched';
/** The rail's groups, in order: live, unwatched (default), sponsored, watched. */
const GROUP_ORDER: Record<StoryType, number> = { live: 0, default: 1, sponsored: 2, watched: 3 };

/** Spec: the story titled 'Save to Home' is not shareable. */
const SAVE_TO_HOME_TITLE = 'Save to Home';

/** A title that begins with a rank code (P10 to P1), the code standing alone: `P1 …` is not `P10 …`. */
const RANK_CODE = /^(P(?:10|[1-9]))(?![0-9A-Za-z])/;

/** The rank a story is gated to, from its title, or null for a story open to everyone. */
export function rankCodeOf(title: string): string | null {
  return RANK_CODE.exec(title.trim())?.[1] ?? null;
}

/** Spec section 6: rank stories and 'Save to Home' are never shareable. */
export function isShareable(title: string): boolean {
  return rankCodeOf(title) === null && title.trim().toLowerCase() !== SAVE_TO_HOME_TITLE.toLowerCase();
}

/** Who is asking: anonymous (the organization key) or a supporter, with what their row says of age and points. */
export interface StoryReader {
  organizationId: string;
  timeZone: string;
  userId: string | null;
  user: { birthday: string | null; lifetime_points: number } | null;
  /** The language of the texts (the club's Spanish where written); English when left out. */
  locale?: Locale;
}

/** The reader's rank name, only for a signed-in adult (the only readers a rank story can be for); else null. */
async function gateRank(db: Db, reader: StoryReader, now: Date): Promise<string | null> {
  if (!reader.userId || !reader.user || isUnderage(reader.user.birthday, reader.timeZone, now)) return null;
  const ranks = await listRanks(db, reader.organizationId);
  return rankFor(ranks, Number(reader.user.lifetime_points)).rank.name;
}

/** The rank a stored story is gated to: the console's gate, else the title's rank code (the demo's). */
function gateOf(row: Pick<StoryChapterRow, 'rank_gate' | 'title'>): string | null {
  return row.rank_gate ?? rankCodeOf(row.title);
}

/** Rows (one per chapter, a story's chapters together) into stories, the texts in `locale` where the club wrote them. */
function toStories(rows: StoryChapterRow[], locale: Locale): Story[] {
  const stories = new Map<string, Story>();
  for (const row of rows) {
    let story = stories.get(row.id);
    if (!story) {
      const own = (STORY_TYPES as readonly string[]).includes(row.type) ? (row.type as StoryType) : 'default';
      story = {
        id: row.id, title: localized({ title: row.title }, row.translations, locale).title, type: own, coverMediaId: row.cover_media_id, value: Number(row.value),
        createdAt: row.created_at, startsAt: row.starts_at, stopsAt: row.stops_at, viewed: true,
        shareable: gateOf(row) === null && isShareable(row.title), chapters: [],
      };
      stories.set(row.id, story);
    }
    story.chapters.push({
      id: row.chapter_id, orderIndex: Number(row.order_index), mediaId: row.media_id,
      caption: localized({ caption: row.caption }, row.chapter_translations, locale).caption, sponsorUrl: row.sponsor_url,
    });
    if (!row.viewed_at) story.viewed = false;
  }
  return [...stories.values()].map((story) => (story.viewed ? { ...story, type: 'watched' as const } : story));
}

/** Drops the rank stories' rows this reader may not see (all of them for anonymous and under-18 readers). */
async function visibleTo(db: Db, reader: StoryReader, rows: StoryChapterRow[], now: Date): Promise<StoryChapterRow[]> {
  if (!rows.some((row) => gateOf(row) !== null)) return rows;
  const rank = await gateRank(db, reader, now);
  return rows.filter((row) => {
    const code = gateOf(row);
    return code === null || code === rank;
  });
}

/**
 * The stories shown now that the reader may see, in the rail's order: live, unwatched (default),
 * sponsored, watched; newest first within a group. An anonymous caller's are never `watched`.
 */
export async function listStories(db: Db, reader: StoryReader, now = new Date()): Promise<Story[]> {
  const rows = await listLiveStoryChapters(db, reader.organizationId, now.toISOString(), reader.userId);
  const stories = toStories(await visibleTo(db, reader, rows, now), reader.locale ?? DEFAULT_LOCALE);
  return stories
    .map((story, index) => ({ story, index }))
    .sort((a, b) => GROUP_ORDER[a.story.type] - GROUP_ORDER[b.story.type] || a.index - b.index)
    .map(({ story }) => story);
}

/** One story shown now that the reader may see; anything else (unknown, over, not yet, another rank's) is the same 404. */
export async function getStory(db: Db, reader: StoryReader, storyId: string, now = new Date()): Promise<Story> {
  const rows = await findLiveStoryChapters(db, reader.organizationId, now.toISOString(), reader.userId, storyId);
  const [story] = toStories(await visibleTo(db, reader, rows, now), reader.locale ?? DEFAULT_LOCALE);
  if (!story) throw new ApiError('not_found', 'api.stories.notFound');
  return story;
}

/**
 * What a story's link shows anyone before its chapters (issue 26, point 7): its title, its cover, the rank it
 * is for and how many chapters it has, for any story shown now, a rank story too; never a chapter. Unknown,
 * over or not yet: the same 404 as the story.
 */
export async function getStoryCover(db: Db, reader: Pick<StoryReader, 'organizationId' | 'locale'>, storyId: string, now = new Date()): Promise<StoryCover> {
  const rows = await findLiveStoryChapters(db, reader.organizationId, now.toISOString(), null, storyId);
  const [story] = toStories(rows, reader.locale ?? DEFAULT_LOCALE);
  if (!story || !rows[0]) throw new ApiError('not_found', 'api.stories.notFound');
  return { id: story.id, title: story.title, coverMediaId: story.coverMediaId, rank: gateOf(rows[0]), chapterCount: story.chapters.length };
}

/** A story as a supporter reading `locale` would get it, whatever its status (the console's preview); undefined: none. */
export async function previewStory(db: Db, organizationId: string, storyId: string, locale: Locale): Promise<Story | undefined> {
  return toStories(await findAnyStoryChapters(db, organizationId, storyId), locale)[0];
}

/**
 * Records that the supporter saw a chapter (a repeat changes nothing) and, once every chapter of the
 * story has been seen, pays the story's value through the ledger, once; the ledger's key makes any number of
 * completions pay once. Run in a transaction.
 */
export async function viewChapter(
  trx: Db, reader: StoryReader & { userId: string }, storyId: string, chapterId: string, now = new Date(),
): Promise<ChapterViewResult> {
  const story = await getStory(trx, reader, storyId, now);
  if (!story.chapters.some((chapter) => chapter.id === chapterId)) {
    throw new ApiError('validation_failed', 'api.stories.unknownChapter');
  }
  // PostgreSQL: one view per supporter at a time, so of the last two chapters seen at once, the second counts the
  // first's (committed) view and completes the story.
  await lockUser(trx, reader.userId);
  await insertChapterView(trx, { user_id: reader.userId, chapter_id: chapterId, story_id: story.id, viewed_at: now.toISOString() });
  const completed = (await countChapterViews(trx, reader.userId, story.id)) >= story.chapters.length;
  let pointsAwarded = 0;
  let standing: ChapterViewResult['standing'] = null;
  if (completed && story.value > 0) {
    const paid = await award(trx, {
      userId: reader.userId, amount: story.value, kind: STORY_KIND, reference: story.id, idempotencyKey: completionKey(story.id),
    });
    if (!paid.replayed) {
      pointsAwarded = story.value;
      standing = await standingAfter(trx, { organizationId: reader.organizationId, userId: reader.userId }, paid);
    }
  }
  return { storyId: story.id, chapterId, completed, pointsAwarded, standing };
}
