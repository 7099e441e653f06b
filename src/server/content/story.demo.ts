import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { DEMO_STORIES, storyChapterImage, storyCoverImage } from './story.demo-data.ts';
import { insertStories } from './story.repository.ts';
import type { StoryChapterTable, StoryTable } from './story.table.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The words on the picture, as one text: the headline as a sentence, then the line below it. */
const captionOf = ({ headline, text }: { headline: string; text: string }) => `${headline}${/[.!?]$/.test(headline) ? '' : '.'} ${text}`;

/** Seeds the demo stories (story.demo-data.ts), their windows counted from `now`. */
export async function seedDemoStories(db: Db, organizationId: string, now = new Date()): Promise<void> {
  const stories: StoryTable[] = [];
  const chapters: StoryChapterTable[] = [];
  for (const demo of DEMO_STORIES) {
    const startsAt = new Date(now.getTime() - demo.startedHoursAgo * HOUR).toISOString();
    const story: StoryTable = {
      id: randomUUID(), organization_id: organizationId, title: demo.title, type: demo.type, cover_media_id: storyCoverImage(demo.slug),
      value: demo.value, created_at: startsAt, starts_at: startsAt, stops_at: new Date(now.getTime() + demo.stopsInDays * DAY).toISOString(),
    };
    stories.push(story);
    demo.chapters.forEach((chapter, index) => chapters.push({
      id: randomUUID(), story_id: story.id, order_index: index, media_id: storyChapterImage(demo.slug, index + 1),
      caption: captionOf(chapter), sponsor_url: chapter.sponsorUrl ?? null,
    }));
  }
  await insertStories(db, stories, chapters);
}
