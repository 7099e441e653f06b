import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { allow } from '../operators/operator.middleware.ts';
import { IdParam } from '../operators/operator.schema.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { AdjustmentInputSchema, AdjustmentListQuery, AdjustmentSchema, IdempotencyHeader, MemberIdParam } from './adjustment.schema.ts';
import { approveAdjustment, listAdjustments, refuseAdjustment, requestAdjustment } from './adjustment.service.ts';

const security = [{ admin: [] }];

const adjustRoute = createRoute({
  method: 'post', path: '/admin/members/{id}/adjustments', security, middleware: [allow('members')] as const,
  summary: "Owner, support: credits or debits a supporter's points with a reason, or reverses one award",
  description: 'Through the ledger, in one transaction with its audit entry (`member.adjust`). `points` (negative debits) or `reverses` '
    + '(a ledger entry id: that award taken back exactly). The owner\'s apply at once; support\'s apply at once within the owner\'s limits '
    + '(`supportAdjustmentLimit` per adjustment, `supportDailyAdjustmentLimit` per operator and day in the club\'s time zone), above '
    + 'either they are saved pending (202) for the owner. Refusals: 422 `insufficient_points` (a debit below zero), 422 `already_reversed`, '
    + '404 (no such supporter). `Idempotency-Key` is required: a repeat answers the same adjustment and changes nothing.',
  request: { params: MemberIdParam, headers: IdempotencyHeader, body: jsonBody(AdjustmentInputSchema) },
  responses: {
    201: dataResponse('Applied', AdjustmentSchema),
    202: dataResponse('Over support\'s limits: pending, waiting for the owner', AdjustmentSchema),
    ...errorResponses(401, 403, 404, 422),
  },
});

const listRoute = createRoute({
  method: 'get', path: '/admin/adjustments', security, middleware: [allow('members')] as const,
  summary: 'Owner, support: adjustments by status, newest first (200 at most); `pending` (the default) is the owner\'s queue',
  request: { query: AdjustmentListQuery },
  responses: { 200: dataResponse('Adjustments', z.array(AdjustmentSchema)), ...errorResponses(401, 403, 422) },
});

const approveRoute = createRoute({
  method: 'post', path: '/admin/adjustments/{id}/approve', security, middleware: [allow('approve')] as const,
  summary: 'Owner: applies a pending adjustment through the ledger (audited `adjustment.approve`)',
  description: '422 `adjustment_decided` when it is not pending; 422 `insufficient_points` when the balance no longer allows the debit.',
  request: { params: IdParam },
  responses: { 200: dataResponse('Applied', AdjustmentSchema), ...errorResponses(401, 403, 404, 422) },
});

const refuseRoute = createRoute({
  method: 'post', path: '/admin/adjustments/{id}/refuse', security, middleware: [allow('approve')] as const,
  summary: 'Owner: refuses a pending adjustment; nothing reaches the ledger (audited `adjustment.refuse`)',
  request: { params: IdParam },
  responses: { 200: dataResponse('Refused', AdjustmentSchema), ...errorResponses(401, 403, 404, 422) },
});

export const adjustmentRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(adjustRoute, async (c) => {
    const { id } = c.req.valid('param');
    const caller = c.get('caller');
    const request = {
      userId: id, input: c.req.valid('json'), idempotencyKey: c.req.valid('header')['idempotency-key'],
      timeZone: readTimeZone(caller.timeZone, caller.organizationId),
    };
    const data = await c.get('db').transaction().execute((trx) => requestAdjustment(trx, writerOf(c), request));
    return data.status === 'pending' ? c.json({ data }, 202) : c.json({ data }, 201);
  })
  .openapi(listRoute, async (c) => {
    const data = await listAdjustments(c.get('db'), c.get('operator').organizationId, c.req.valid('query').status);
    return c.json({ data }, 200);
  })
  .openapi(approveRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute((trx) => approveAdjustment(trx, writerOf(c), id));
    return c.json({ data }, 200);
  })
  .openapi(refuseRoute, async (c) => {
    const { id } = c.req.valid('param');
    const data = await c.get('db').transaction().execute((trx) => refuseAdjustment(trx, writerOf(c), id));
    return c.json({ data }, 200);
  });

export type AdjustmentView = Answer<typeof listRoute, 200>['data'][number];
