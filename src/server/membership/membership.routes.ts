import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import { renderApiText } from '../api-text.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { chooseMembership, getMyMembership, getTier, getTiers } from './membership.service.ts';
import { MembershipTierSchema, ChoiceSchema, MyMembershipSchema } from './membership.schema.ts';

const Slug = z.string({ error: 'api.membership.choose' }).trim()
  .min(1, 'api.membership.choose')
  .max(64, 'api.membership.nameTooLong')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'api.membership.shortName');

const tiersRoute = createRoute({
  method: 'get', path: '/membership/tiers', summary: "The organization's membership tiers, in display order",
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('Tiers', z.array(MembershipTierSchema)),
    ...errorResponses(401),
  },
});

const tierRoute = createRoute({
  method: 'get', path: '/membership/tiers/{membership}', summary: 'One membership tier', security: [{ bearer: [] }],
  request: { params: z.object({ membership: Slug }) },
  responses: {
    200: dataResponse('The tier', MembershipTierSchema),
    ...errorResponses(401, 404, 422),
  },
});

const meRoute = createRoute({
  method: 'get', path: '/membership/me', summary: "The user's membership, its tier and pending upgrade requests",
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('Membership', MyMembershipSchema),
    ...errorResponses(401),
  },
});

const chooseRoute = createRoute({
  method: 'post', path: '/membership/choose', middleware: [commitsWithItsWrite] as const,
  summary: 'Chooses a tier: a free one applies at once, a paid one is recorded as a pending upgrade request (no payment yet)',
  security: [{ bearer: [] }],
  request: { body: jsonBody(z.object({ membership: Slug })) },
  responses: {
    200: dataResponse('Chosen', ChoiceSchema),
    ...errorResponses(401, 404, 422),
  },
});

export const membershipRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(tiersRoute, async (c) => {
    return c.json({ data: await getTiers(c.get('db'), c.get('caller').organizationId, requestLocale(c)) }, 200);
  })
  .openapi(tierRoute, async (c) => {
    const { membership } = c.req.valid('param');
    return c.json({ data: await getTier(c.get('db'), c.get('caller').organizationId, membership, requestLocale(c)) }, 200);
  })
  .openapi(meRoute, async (c) => {
    const caller = c.get('caller');
    const data = await getMyMembership(c.get('db'), { organizationId: caller.organizationId, userId: requireUserId(caller) }, requestLocale(c));
    return c.json({ data }, 200);
  })
  .openapi(chooseRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const { membership } = c.req.valid('json');
    const locale = requestLocale(c);
    // The choice, its Idempotency-Key's answer and the page versions: one commit.
    return answerInOneCommit(c, async (trx) => {
      const chosen = await chooseMembership(trx, { organizationId: caller.organizationId, userId }, membership, locale);
      return { ...chosen, message: renderApiText(chosen.message, locale) };
    });
  });
