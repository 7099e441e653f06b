import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ContentListQuery, pagedSchema } from '../admin/content-list.ts';
import { writerOf } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook, type Answer } from '../openapi.ts';
import { LOCALES } from '../../shared/i18n/locales.ts';
import { AdminChallengeSchema, AdminChallengeSummarySchema, ChallengeInputSchema, ExcludedChallengesSchema } from './challenge.admin.schema.ts';
import {
  createChallenge, duplicateChallenge, getExcluded, getForConsole, listForConsole, previewChallenge, setChallengeState, setExcluded, updateChallenge,
} from './challenge.admin.service.ts';
import { ChallengeSchema } from './challenge.routes.ts';

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The challenge id.' }) });
const security = [{ admin: [] }];
const one = (description: string) => dataResponse(description, AdminChallengeSchema);

const listRoute = createRoute({
  method: 'get', path: '/admin/challenges', security, middleware: [allow('read')] as const,
  summary: "The organization's challenges, newest first: search by title, narrow by status, a page at a time",
  description: 'Every challenge, drafts and archived ones too. `status`: draft, scheduled (published, starts later), live, ended, archived.',
  request: { query: ContentListQuery },
  responses: { 200: dataResponse('A page of challenges', pagedSchema(AdminChallengeSummarySchema)), ...errorResponses(401, 403, 422) },
});
const createRouteDef = createRoute({
  method: 'post', path: '/admin/challenges', security, middleware: [allow('content')] as const,
  summary: 'Editor: creates a challenge of any subtype (a draft unless `draft: false`)',
  description: 'The field names are those the supporters\' API answers, plus what supporters never see: a quiz\'s `questions` with '
    + 'their `correctIndex`, a keyword\'s `answer`, an arcade\'s `game`; `translations.es` holds the Spanish texts (each optional). '
    + 'Supporters never see drafts or archived challenges, and see a published one from `visibleFrom` until `expiresOn`.',
  request: { body: jsonBody(ChallengeInputSchema) },
  responses: { 201: one('Created'), ...errorResponses(401, 403, 422) },
});
const excludedRoute = createRoute({
  method: 'get', path: '/admin/challenges/excluded', security, middleware: [allow('read')] as const,
  summary: "The organization's excluded challenges: hidden from every supporter list and read",
  responses: { 200: dataResponse('The excluded ids', ExcludedChallengesSchema), ...errorResponses(401, 403) },
});
const setExcludedRoute = createRoute({
  method: 'put', path: '/admin/challenges/excluded', security, middleware: [allow('content')] as const,
  summary: "Editor: replaces the organization's excluded challenges",
  request: { body: jsonBody(ExcludedChallengesSchema) },
  responses: { 200: dataResponse('The excluded ids', ExcludedChallengesSchema), ...errorResponses(401, 403, 422) },
});
const getRoute = createRoute({
  method: 'get', path: '/admin/challenges/{id}', security, middleware: [allow('read')] as const,
  summary: 'One challenge with everything the console edits (right answers and keyword included)',
  request: { params: IdParam },
  responses: { 200: one('The challenge'), ...errorResponses(401, 403, 404) },
});
const updateRoute = createRoute({
  method: 'put', path: '/admin/challenges/{id}', security, middleware: [allow('content')] as const,
  summary: "Editor: replaces a challenge's content (its subtype stays)",
  description: 'The whole challenge, as for create. `draft: true` takes a published challenge back to draft. A quiz question keeps its answers when its `questionId` is sent again.',
  request: { params: IdParam, body: jsonBody(ChallengeInputSchema) },
  responses: { 200: one('Saved'), ...errorResponses(401, 403, 404, 422) },
});
const duplicateRoute = createRoute({
  method: 'post', path: '/admin/challenges/{id}/duplicate', security, middleware: [allow('content')] as const,
  summary: 'Editor: a draft copy of a challenge, with a new id', request: { params: IdParam },
  responses: { 201: one('The copy'), ...errorResponses(401, 403, 404) },
});
const archiveRoute = createRoute({
  method: 'post', path: '/admin/challenges/{id}/archive', security, middleware: [allow('content')] as const,
  summary: 'Editor: takes a challenge down (kept, never shown again until published)', request: { params: IdParam },
  responses: { 200: one('Archived'), ...errorResponses(401, 403, 404) },
});
const publishRoute = createRoute({
  method: 'post', path: '/admin/challenges/{id}/publish', security, middleware: [allow('content')] as const,
  summary: 'Editor: publishes a draft or archived challenge: supporters see it from `visibleFrom`', request: { params: IdParam },
  responses: { 200: one('Published'), ...errorResponses(401, 403, 404) },
});
const previewRoute = createRoute({
  method: 'get', path: '/admin/challenges/{id}/preview', security, middleware: [allow('read')] as const,
  summary: 'A challenge as a supporter who has not answered it sees it, in a language (drafts and scheduled ones too)',
  request: { params: IdParam, query: z.object({ locale: z.enum(LOCALES).default('en') }) },
  responses: { 200: dataResponse("The supporters' view", ChallengeSchema), ...errorResponses(401, 403, 404, 422) },
});

const orgOf = (c: { get(key: 'operator'): { organizationId: string } }) => c.get('operator').organizationId;

/** The console's challenges: every operation an operator's role allows, each write audited with before and after. */
export const challengeAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => c.json({ data: await listForConsole(c.get('db'), orgOf(c), c.req.valid('query')) }, 200))
  .openapi(createRouteDef, async (c) => {
    const data = await c.get('db').transaction().execute((trx) => createChallenge(trx, writerOf(c), c.req.valid('json')));
    return c.json({ data }, 201);
  })
  .openapi(excludedRoute, async (c) => c.json({ data: await getExcluded(c.get('db'), orgOf(c)) }, 200))
  .openapi(setExcludedRoute, async (c) => {
    const data = await c.get('db').transaction().execute((trx) => setExcluded(trx, writerOf(c), c.req.valid('json').ids));
    return c.json({ data }, 200);
  })
  .openapi(getRoute, async (c) => c.json({ data: await getForConsole(c.get('db'), orgOf(c), c.req.valid('param').id) }, 200))
  .openapi(updateRoute, async (c) => {
    const data = await c.get('db').transaction().execute((trx) => updateChallenge(trx, writerOf(c), c.req.valid('param').id, c.req.valid('json')));
    return c.json({ data }, 200);
  })
  .openapi(duplicateRoute, async (c) => {
    const data = await c.get('db').transaction().execute((trx) => duplicateChallenge(trx, writerOf(c), c.req.valid('param').id));
    return c.json({ data }, 201);
  })
  .openapi(archiveRoute, async (c) => {
    const data = await c.get('db').transaction().execute((trx) => setChallengeState(trx, writerOf(c), c.req.valid('param').id, 'archive'));
    return c.json({ data }, 200);
  })
  .openapi(publishRoute, async (c) => {
    const data = await c.get('db').transaction().execute((trx) => setChallengeState(trx, writerOf(c), c.req.valid('param').id, 'publish'));
    return c.json({ data }, 200);
  })
  .openapi(previewRoute, async (c) => {
    const data = await previewChallenge(c.get('db'), orgOf(c), c.req.valid('param').id, c.req.valid('query').locale);
    return c.json({ data }, 200);
  });

// For the console's API module (type-only imports).
export type AdminChallengePage = Answer<typeof listRoute, 200>['data'];
export type AdminChallengeInput = z.input<typeof ChallengeInputSchema>;
/** A list's query as a caller writes it (the route defaults what is left out). */
export type ChallengeListQuery = Partial<z.input<typeof ContentListQuery>>;
export type { AdminChallenge, AdminChallengeSummary } from './challenge.admin.schema.ts';
