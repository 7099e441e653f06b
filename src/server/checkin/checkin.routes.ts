import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, ErrorSchema, errorResponses, validationHook } from '../openapi.ts';
import { checkIn, getCheckinState, refusedWhenRaceLost } from './checkin.service.ts';
import { CheckinRequestSchema, CheckinResultSchema, CheckinSchema } from './checkin.schema.ts';

const stateRoute = createRoute({
  method: 'get', path: '/checkin', summary: "The user's check-in streak and whether they can check in today",
  security: [{ bearer: [] }],
  responses: { 200: dataResponse('The streak', CheckinSchema), ...errorResponses(401) },
});

const checkinRoute = createRoute({
  method: 'post', path: '/checkin', middleware: [commitsWithItsWrite] as const,
  summary: 'Checks in for today (or, with a ticket, for its day): awards the organization\'s checkinPoints, plus checkinStreakBonus on every 7th day of a streak',
  security: [{ bearer: [] }],
  description: 'The body is optional: `{ "ticket": "…" }` (schema `CheckinRequest`) with a ticket from GET /checkin checks in for the ticket\'s day.',
  responses: {
    200: dataResponse("Checked in: the streak, what it awarded and the supporter's new balances and rank (`standing`)", CheckinResultSchema),
    ...errorResponses(401),
    422: {
      description: 'Already checked in that day: code `already_checked_in`; a ticket not signed for this supporter: `invalid_ticket`; past its day and the next: `ticket_expired` (refusals, not to be retried)',
      content: { 'application/json': { schema: ErrorSchema } },
    },
  },
});

function ticketOf(body: string): string | undefined {
  if (!body.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const request = CheckinRequestSchema.safeParse(parsed);
  if (!request.success) throw new ApiError('validation_failed', 'api.checkin.ticketInvalid', { ticket: 'api.checkin.ticketInvalid' });
  return request.data.ticket;
}

export const checkinRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(stateRoute, async (c) => {
    const caller = c.get('caller');
    const data = await getCheckinState(c.get('db'), { ...caller, userId: requireUserId(caller) }, c.get('deps').secret);
    return c.json({ data }, 200);
  })
  .openapi(checkinRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    // The body is optional (the spec's check-in has none, and clients send it empty with a JSON content type).
    const ticket = ticketOf(await c.req.text());
    // The award, its Idempotency-Key's answer and the page versions: one commit.
    const checker = { organizationId: caller.organizationId, userId, timeZone: caller.timeZone, locale: requestLocale(c) };
    return answerInOneCommit(c, (trx) => checkIn(trx, checker, { secret: c.get('deps').secret, ticket })).catch(refusedWhenRaceLost);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
