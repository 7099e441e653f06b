import { StorySchema } from '../story.schema.ts';
import { previewStory } from '../story.service.ts';
import { consoleContentRoutes } from './console-content.routes.ts';
import { AdminStoryPageSchema, AdminStorySchema, StoryInputSchema } from './story.admin.schema.ts';
import {
  createAdminStory, duplicateAdminStory, getAdminStory, listAdminStories, setAdminStoryState, updateAdminStory,
} from './story.admin.service.ts';

/** /admin/stories: the console's stories with their chapters. */
export const storyAdminRoutes = consoleContentRoutes({
  kind: 'story', collection: 'stories', noun: 'a story', item: AdminStorySchema, page: AdminStoryPageSchema, input: StoryInputSchema,
  list: (db, org, query) => listAdminStories(db, org, query),
  get: (db, org, id) => getAdminStory(db, org, id),
  create: (trx, org, input, { now }) => createAdminStory(trx, org, input, now),
  update: (trx, org, id, input, { now }) => updateAdminStory(trx, org, id, input, now),
  duplicate: (trx, org, id, { now }) => duplicateAdminStory(trx, org, id, now),
  setState: (trx, org, id, state) => setAdminStoryState(trx, org, id, state),
  preview: { schema: StorySchema, read: previewStory },
});
