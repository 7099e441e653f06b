import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';
import { pingDatabase } from './health.repository.ts';
import { dataResponse, errorResponses } from './openapi.ts';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness and database reachability',
  responses: {
    200: dataResponse('The server and its database answer', z.object({ status: z.literal('ok') })),
    ...errorResponses(503),
  },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(healthRoute, async (c) => {
  try {
    await pingDatabase(c.get('db'));
  } catch (error) {
    throw new ApiError('unavailable', 'api.request.databaseDown', undefined, error);
  }
  return c.json({ data: { status: 'ok' as const } }, 200);
});
