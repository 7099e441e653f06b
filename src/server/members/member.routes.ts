import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, validationHook, type Answer } from '../openapi.ts';
import { allow } from '../operators/operator.middleware.ts';
import { LedgerQuery, MemberIdParam, MemberLedgerPageSchema, MemberSchema, MemberSummarySchema, SearchQuery } from './member.schema.ts';
import { memberLedger, searchMembers, viewMember } from './member.service.ts';

const security = [{ admin: [] }];

const searchRoute = createRoute({
  method: 'get', path: '/admin/members', security, middleware: [allow('members')] as const,
  summary: 'Owner and support: find supporters by the first letters of an e-mail address or a name, or by id (at most 20)',
  request: { query: SearchQuery },
  responses: { 200: dataResponse('Supporters matching', z.array(MemberSummarySchema)), ...errorResponses(401, 403, 422) },
});

const viewRoute = createRoute({
  method: 'get', path: '/admin/members/{id}', security, middleware: [allow('members')] as const,
  summary: "Owner and support: a supporter's profile, consents, balances, rank, ledger, entries, badges, sessions and sign-ins (the view is audited)",
  request: { params: MemberIdParam },
  responses: { 200: dataResponse('The supporter', MemberSchema), ...errorResponses(401, 403, 404) },
});

const ledgerRoute = createRoute({
  method: 'get', path: '/admin/members/{id}/ledger', security, middleware: [allow('members')] as const,
  summary: "Owner and support: a further (older) page of a supporter's ledger (the view is audited)",
  request: { params: MemberIdParam, query: LedgerQuery },
  responses: { 200: dataResponse('One page of entries', MemberLedgerPageSchema), ...errorResponses(401, 403, 404, 422) },
});

// Views write their audit entry outside any transaction: a read has nothing to stand or fall with it.
export const memberRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(searchRoute, async (c) => {
    const { q } = c.req.valid('query');
    return c.json({ data: await searchMembers(c.get('db'), c.get('operator').organizationId, q) }, 200);
  })
  .openapi(viewRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ data: await viewMember(c.get('db'), writerOf(c), id) }, 200);
  })
  .openapi(ledgerRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { cursor } = c.req.valid('query');
    return c.json({ data: await memberLedger(c.get('db'), writerOf(c), id, cursor) }, 200);
  });

export type MemberSearchAnswer = Answer<typeof searchRoute, 200>['data'];
export type MemberAnswer = Answer<typeof viewRoute, 200>['data'];
export type MemberLedgerAnswer = Answer<typeof ledgerRoute, 200>['data'];
