import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { dismissCard, listCards } from './carousel.service.ts';
import { CarouselCardSchema, DismissedSchema } from './carousel.schema.ts';

const CardId = z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' }, example: 'kit-launch' });

const listRoute = createRoute({
  method: 'get', path: '/carousel',
  summary: "The signed-in supporter's reward cards: dismissed cards absent, underageGate cards absent for under-18 supporters",
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('The cards, in display order', z.array(CarouselCardSchema)),
    ...errorResponses(401),
  },
});

const dismissRoute = createRoute({
  method: 'delete', path: '/carousel/{id}', middleware: [commitsWithItsWrite] as const,
  summary: 'Hides a reward card for the signed-in supporter for good (idempotent)',
  security: [{ bearer: [] }],
  request: { params: z.object({ id: CardId }) },
  responses: {
    200: dataResponse('Dismissed (also when it already was)', DismissedSchema),
    ...errorResponses(401, 404),
  },
});

export const carouselRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const data = await listCards(c.get('db'), { organizationId: caller.organizationId, userId, birthday: caller.user?.birthday ?? null, timeZone: caller.timeZone }, requestLocale(c));
    return c.json({ data }, 200);
  })
  .openapi(dismissRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const { id } = c.req.valid('param');
    return answerInOneCommit(c, async (trx) => {
      await dismissCard(trx, caller.organizationId, userId, id);
      return { id, dismissed: true as const };
    });
  });
