import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { allow } from '../operators/operator.middleware.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { clubAdminRoutes } from '../admin/club-admin.routes.ts';
import { experienceAdmin } from './experience.admin.ts';
import { listRequestsForOperator } from './experience.repository.ts';

/** The newest requests an operator sees in one answer. */
const OPERATOR_LIST_LIMIT = 500;

const RequestSchema = z.object({
  id: z.string(),
  experience: z.object({ slug: z.string(), title: z.string() }),
  email: z.string().openapi({ description: "The supporter's address, to arrange the date." }),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.string().openapi({ example: 'pending' }),
  requestedAt: z.string(),
}).openapi('ExperienceRequest');

const requestsRoute = createRoute({
  method: 'get', path: '/admin/experiences/requests',
  summary: 'Operator: the requests for enhanced experiences, the newest first (at most 500), with whom to e-mail',
  security: [{ admin: [] }],
  middleware: [allow('read')] as const,
  responses: {
    200: dataResponse('Requests', z.array(RequestSchema)),
    ...errorResponses(401, 403),
  },
});

/** Operator endpoints of experiences, open to every operator. */
export const experienceAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(requestsRoute, async (c) => {
    const rows = await listRequestsForOperator(c.get('db'), c.get('operator').organizationId, OPERATOR_LIST_LIMIT);
    return c.json({
      data: rows.map((row) => ({
        id: row.id,
        experience: { slug: row.slug, title: row.title },
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        status: row.status,
        requestedAt: row.created_at,
      })),
    }, 200);
  });

// After /admin/experiences/requests, which `{id}` would match otherwise.
experienceAdminRoutes.route('/', clubAdminRoutes(experienceAdmin));

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminExperience } from './experience.admin.ts';
