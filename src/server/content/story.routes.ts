import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { AppEnv, Caller } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { getStory, getStoryCover, listStories, viewChapter, type StoryReader } from './story.service.ts';
import { StoryCoverSchema, StorySchema, ChapterViewResultSchema } from './story.schema.ts';

const StoryId = z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' } });
const ChapterId = z.string().min(1).max(64).openapi({ param: { name: 'chapterId', in: 'path' } });
const security = [{ bearer: [] }];
const GATING = 'A story whose title begins with a rank code (P10 to P1) is served only to a signed-in supporter of exactly that rank '
  + 'who is not under 18; to anyone else it does not exist.';

const listRoute = createRoute({
  method: 'get', path: '/content/stories', security,
  summary: 'Stories shown now, grouped live, unwatched (default), sponsored, watched; newest first in a group',
  description: `Only stories between startsAt and stopsAt. ${GATING}`,
  responses: {
    200: dataResponse('Stories', z.array(StorySchema)),
    ...errorResponses(401),
  },
});
const getRoute = createRoute({
  method: 'get', path: '/content/stories/{id}', summary: 'One story shown now, with its chapters', security,
  description: GATING, request: { params: z.object({ id: StoryId }) },
  responses: {
    200: dataResponse('The story', StorySchema),
    ...errorResponses(401, 404),
  },
});
const coverRoute = createRoute({
  method: 'get', path: '/content/stories/{id}/cover', security,
  summary: "What a story's link shows before its chapters: title, cover, the rank it is for, how many chapters",
  description: 'For any story shown now, a rank story too, to anyone with the organization key: a shared link or a signed-out visitor '
    + 'sees what is waiting. Never a chapter. Unknown, over or not yet: 404.',
  request: { params: z.object({ id: StoryId }) },
  responses: {
    200: dataResponse('The cover', StoryCoverSchema),
    ...errorResponses(401, 404),
  },
});
const viewRoute = createRoute({
  method: 'post', path: '/content/stories/{id}/chapter-view/{chapterId}', security, middleware: [commitsWithItsWrite] as const,
  summary: 'Records that the supporter saw a chapter; pays the story once every chapter has been seen',
  description: 'A repeat changes nothing. A chapter that is not one of the story\'s answers 422 `validation_failed`. The view that '
    + "completes the story pays its value once (ledger key `story:<id>`) and answers the new `standing`.",
  request: { params: z.object({ id: StoryId, chapterId: ChapterId }) },
  responses: {
    200: dataResponse('Viewed', ChapterViewResultSchema),
    ...errorResponses(401, 404, 422),
  },
});

function readerOf(caller: Caller, locale: Locale): StoryReader {
  return { organizationId: caller.organizationId, timeZone: caller.timeZone, userId: caller.userId, user: caller.user, locale };
}

export const storyRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await listStories(c.get('db'), readerOf(c.get('caller'), requestLocale(c))) }, 200))
  .openapi(getRoute, async (c) => c.json({ data: await getStory(c.get('db'), readerOf(c.get('caller'), requestLocale(c)), c.req.valid('param').id) }, 200))
  .openapi(coverRoute, async (c) => c.json({
    data: await getStoryCover(c.get('db'), { organizationId: c.get('caller').organizationId, locale: requestLocale(c) }, c.req.valid('param').id),
  }, 200))
  .openapi(viewRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const { id, chapterId } = c.req.valid('param');
    // The view, the story's award when it completes it, its Idempotency-Key's answer and the page versions: one commit.
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => viewChapter(trx, { ...readerOf(caller, requestLocale(c)), userId }, id, chapterId)));
  });
