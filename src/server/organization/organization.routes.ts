import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { getCurrentOrganization } from './organization.service.ts';
import { OrganizationSchema } from './organization.schema.ts';

const currentRoute = createRoute({
  method: 'get',
  path: '/organization/current',
  summary: 'The organization the caller belongs to, with its ranks and front-end settings',
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('The current organization', OrganizationSchema),
    ...errorResponses(401),
  },
});

export const organizationRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(currentRoute, async (c) => {
    const data = await getCurrentOrganization(c.get('db'), c.get('caller').organizationId, requestLocale(c));
    return c.json({ data }, 200);
  });
