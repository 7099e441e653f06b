import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, validationHook, type Answer } from '../openapi.ts';
import { answerDiscourseRequest, validateDiscourseRequest } from './discourse.service.ts';

// The forum's two query parameters, as /sso received them. Left to the service to judge (a missing one is a
// bad signature or an unreadable payload, each with its own code), so the schema only bounds their size.
const DiscourseQuerySchema = z.object({
  sso: z.string().max(8192).default('').openapi({ description: 'The base64 payload as the forum sent it.' }),
  sig: z.string().max(256).default('').openapi({ description: 'Hex HMAC-SHA256 of `sso` under the shared secret.' }),
});

const refusals = 'Refused with 422 `sso_signature_invalid` (not signed with the shared secret), `sso_payload_invalid` '
  + '(not base64 of a query string with `nonce` and `return_sso_url`), `sso_return_url_foreign` (return_sso_url not on '
  + 'the configured forum) or `sso_nonce_used` (a replay); 404 `sso_disabled` when ssoEnabled is not \'true\' or the '
  + 'forum or its secret is not set.';

const validateRoute = createRoute({
  method: 'post',
  path: '/session/discourse/validate',
  summary: "Checks a DiscourseConnect request from the club's forum",
  description: `HMAC-SHA256 (hex) over the base64 payload exactly as received, compared in constant time. ${refusals}`,
  security: [{ bearer: [] }],
  request: { query: DiscourseQuerySchema },
  responses: {
    200: dataResponse('A request this supporter may answer', z.object({ nonce: z.string(), returnSsoUrl: z.string() })),
    ...errorResponses(401, 404, 422),
  },
});

const ssoRoute = createRoute({
  method: 'post',
  path: '/session/discourse/sso',
  summary: 'Answers a DiscourseConnect request for the signed-in supporter: the signed return URL',
  description: 'The URL is return_sso_url with `sso` (base64 of nonce, email, external_id, username, name, avatar_url, '
    + 'require_activation=false, add_groups, remove_groups) and `sig` (its hex HMAC-SHA256). Uses the nonce up. '
    + `${refusals} The answer is never kept for Idempotency-Key replays.`,
  security: [{ bearer: [] }],
  request: { query: DiscourseQuerySchema },
  responses: {
    200: dataResponse('Where to send the browser', z.object({ redirectUrl: z.string() })),
    ...errorResponses(401, 404, 422),
  },
});

export const discourseRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(validateRoute, async (c) => {
    const caller = c.get('caller');
    requireUserId(caller);
    const { sso, sig } = c.req.valid('query');
    return c.json({ data: await validateDiscourseRequest({ db: c.get('db'), organizationId: caller.organizationId }, sso, sig) }, 200);
  })
  .openapi(ssoRoute, async (c) => {
    const caller = c.get('caller');
    const { sso, sig } = c.req.valid('query');
    const data = await answerDiscourseRequest({
      db: c.get('db'), organizationId: caller.organizationId, userId: requireUserId(caller), publicUrl: c.get('deps').publicUrl,
    }, sso, sig);
    return c.json({ data }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type DiscourseRequest = Answer<typeof validateRoute, 200>['data'];
export type DiscourseAnswer = Answer<typeof ssoRoute, 200>['data'];
/** The forum's two query parameters, exactly as /sso received them. */
export type DiscourseQuery = z.output<typeof DiscourseQuerySchema>;
