import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { enterForFree, enterSweepstake } from './sweepstake.entry.ts';
import { ensureRulesPdf } from './sweepstake.rules.ts';
import {
  EntryListSchema, EntryPageQuerySchema, EntryRequestSchema, EntryResultSchema, SweepstakeDetailSchema, SweepstakeSchema,
} from './sweepstake.schema.ts';
import { listEntries } from './sweepstake.entries.ts';
import { getSweepstake, listSweepstakes } from './sweepstake.service.ts';

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The id or the slug.' }) });
const security = [{ bearer: [] }];

const listRoute = createRoute({
  method: 'get', path: '/sweepstake', security,
  summary: 'Sweepstakes: live first, then coming soon, then ended (with winners)',
  description: 'The organization key is enough (anonymous visitors see them); a signed-in supporter also gets their own entries and what they may still enter.',
  responses: { 200: dataResponse('Sweepstakes', z.array(SweepstakeSchema)), ...errorResponses(401) },
});

const getRoute = createRoute({
  method: 'get', path: '/sweepstake/{id}', security, summary: 'One sweepstake, with its rules PDF',
  request: { params: IdParam },
  responses: { 200: dataResponse('The sweepstake', SweepstakeDetailSchema), ...errorResponses(401, 404) },
});

const entriesRoute = createRoute({
  method: 'get', path: '/sweepstake/{id}/entries', security,
  summary: 'The published entry list (once entries have closed), a page at a time, the caller\'s own entries marked',
  description: 'Before entries close, only the caller\'s own entries. The whole list\'s canonical text (one line `entryId holder tickets` per '
    + 'entry, in this order, page after page) hashes with SHA-256 to `entriesHash`. Follow `next` (as `after`) until it is null.',
  request: { params: IdParam, query: EntryPageQuerySchema },
  responses: { 200: dataResponse('The entry list', EntryListSchema), ...errorResponses(401, 404) },
});

const entryRoute = createRoute({
  method: 'post', path: '/sweepstake/{id}/entry', security, middleware: [commitsWithItsWrite] as const,
  summary: 'Enters `count` times, spending count × costPerEntry points',
  description: 'One transaction: the spend through the ledger, the entry and the Idempotency-Key\'s answer. Refusals: 422 `insufficient_points` (the message says '
    + 'how many points are missing), 422 `sweepstake_closed` (not live: the reason), 422 `entry_limit_reached` (over the cap: how many '
    + 'are left), 403 `forbidden` (under 18). Idempotent with `Idempotency-Key` (also kept as the ledger key). The answer carries the new `standing`.',
  request: { params: IdParam, body: jsonBody(EntryRequestSchema) },
  responses: { 200: dataResponse('Entered', EntryResultSchema), ...errorResponses(401, 403, 404, 422) },
});

const freeEntryRoute = createRoute({
  method: 'post', path: '/sweepstake/{id}/free-entry', security, middleware: [commitsWithItsWrite] as const,
  summary: 'The free entry: one per supporter, no points, the same odds as any entry (it counts toward the cap)',
  description: 'A second one answers 422 `free_entry_used`; otherwise refused as a paid entry is.',
  request: { params: IdParam },
  responses: { 200: dataResponse('Entered', EntryResultSchema), ...errorResponses(401, 403, 404, 422) },
});

const callerOf = (caller: AppEnv['Variables']['caller'], locale?: Locale) => ({
  organizationId: caller.organizationId, userId: caller.userId, timeZone: caller.timeZone, locale,
});
const entrantOf = (caller: AppEnv['Variables']['caller'], locale: Locale) => ({
  organizationId: caller.organizationId, userId: requireUserId(caller), timeZone: caller.timeZone, locale,
});

export const sweepstakeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await listSweepstakes(c.get('db'), callerOf(c.get('caller'), requestLocale(c))) }, 200))
  .openapi(getRoute, async (c) => {
    const db = c.get('db');
    const { mediaBaseUrl = '/api/media', publicUrl } = c.get('deps');
    const { view, row } = await getSweepstake(db, callerOf(c.get('caller'), requestLocale(c)), c.req.valid('param').id);
    const rules = await ensureRulesPdf(db, c.get('media'), row, requestLocale(c), publicUrl);
    return c.json({ data: { ...view, rulesUrl: `${mediaBaseUrl}/${rules}` } }, 200);
  })
  .openapi(entriesRoute, async (c) => {
    const data = await listEntries(c.get('db'), callerOf(c.get('caller')), c.req.valid('param').id, c.req.valid('query'));
    return c.json({ data }, 200);
  })
  // The entry, its Idempotency-Key's answer and the page versions: one commit. A race lost to a parallel send of the
  // same request (a unique key) runs once more and answers as the replay it is.
  .openapi(entryRoute, async (c) => {
    const entrant = entrantOf(c.get('caller'), requestLocale(c));
    const { id } = c.req.valid('param');
    const { count } = c.req.valid('json');
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => enterSweepstake(trx, entrant, id, count, c.req.header('idempotency-key'))));
  })
  .openapi(freeEntryRoute, async (c) => {
    const entrant = entrantOf(c.get('caller'), requestLocale(c));
    const { id } = c.req.valid('param');
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => enterForFree(trx, entrant, id)));
  });
