import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { allow } from '../operators/operator.middleware.ts';
import { IdParam } from '../operators/operator.schema.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { blockMember, readMemberBlock, signOutEverywhere, unblockMember } from './block.service.ts';

const security = [{ admin: [] }];
const middleware = [allow('members')];

/** What the console reads back: the supporter's blocked state and the sessions the call ended. */
const MemberBlockSchema = z.object({
  id: z.string(),
  blocked: z.boolean(),
  blockedAt: z.string().nullable(),
  reason: z.string().nullable(),
  sessionsEnded: z.number().int().openapi({ description: 'Sessions this call ended.' }),
}).openapi('MemberBlock');

/** A reason a colleague can act on later: the audit trail and the supporter's page show it. */
export const BlockReason = z.string().trim().min(1, 'api.blocks.reasonMissing').max(300, 'api.blocks.reasonLong');

const readRoute = createRoute({
  method: 'get', path: '/admin/members/{id}/block', security, middleware,
  summary: "Owner, support: whether a supporter is blocked, since when and why",
  request: { params: IdParam },
  responses: { 200: dataResponse('Their blocked state', MemberBlockSchema), ...errorResponses(401, 403, 404) },
});

const blockRoute = createRoute({
  method: 'post', path: '/admin/members/{id}/block', security, middleware,
  summary: 'Owner, support: blocks a supporter with a reason; every session of theirs ends at once',
  description: 'A blocked supporter cannot sign in (403 `account_blocked` once the code is proven), earn, spend or enter; '
    + "bulk payouts pass them over. Blocking one already blocked changes the reason. Audited as `member.block`.",
  request: { params: IdParam, body: jsonBody(z.object({ reason: BlockReason }).openapi('MemberBlockRequest')) },
  responses: { 200: dataResponse('Blocked', MemberBlockSchema), ...errorResponses(401, 403, 404, 422) },
});

const unblockRoute = createRoute({
  method: 'post', path: '/admin/members/{id}/unblock', security, middleware,
  summary: 'Owner, support: lifts the block; the balance and history were never touched',
  description: 'Unblocking one not blocked changes nothing (and is not audited). Audited as `member.unblock`.',
  request: { params: IdParam },
  responses: { 200: dataResponse('Not blocked', MemberBlockSchema), ...errorResponses(401, 403, 404) },
});

const signOutRoute = createRoute({
  method: 'post', path: '/admin/members/{id}/sign-out', security, middleware,
  summary: 'Owner, support: signs a supporter out everywhere (every session ends)',
  description: 'They can sign in again unless blocked. Audited as `member.sign-out`.',
  request: { params: IdParam },
  responses: { 200: dataResponse('Signed out everywhere', MemberBlockSchema), ...errorResponses(401, 403, 404) },
});

/** The console's block, unblock and sign out everywhere of one supporter, each in one audited transaction. */
export const blockRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(readRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await readMemberBlock(c.get('db'), c.get('operator').organizationId, id) }, 200);
  })
  .openapi(blockRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const data = await c.get('db').transaction().execute((trx) => blockMember(trx, writerOf(c), id, reason));
    return c.json({ data }, 200);
  })
  .openapi(unblockRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute((trx) => unblockMember(trx, writerOf(c), id));
    return c.json({ data }, 200);
  })
  .openapi(signOutRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute((trx) => signOutEverywhere(trx, writerOf(c), id));
    return c.json({ data }, 200);
  });

export type MemberBlock = Answer<typeof blockRoute, 200>['data'];
