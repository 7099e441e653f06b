import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ContentListQuery } from '../../admin/content-list.ts';
import { audit, writerOf } from '../../audit/audit.ts';
import type { Db } from '../../db/connection.ts';
import type { AppEnv } from '../../env.ts';
import { allow } from '../../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../../openapi.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { ApiError } from '../../errors.ts';
import { requestLocale } from '../../locale.ts';
import type { MediaStore } from '../../media/media.store.ts';
import { IdParam } from './console-content.ts';

// One shape for the console's stories, videos and articles: list, get, create, update (PUT), duplicate,
// publish, archive. Each write runs in one transaction with its audit entry (before and after as this API
// answers them); a publish or archive that changes nothing appends none and says so.

interface Item { id: string }
const NOT_FOUND = { story: 'api.stories.notFound', video: 'api.videos.notFound', article: 'api.articles.notFound' } as const;
/** What a write needs beyond its input: the media store (a video's stored clip is looked up). */
export interface WriteContext { media: MediaStore; now: Date }

export interface ConsoleKind<I extends z.ZodType, A extends Item> {
  kind: 'story' | 'video' | 'article';
  collection: 'stories' | 'videos' | 'articles';
  /** For the OpenAPI summaries: `a story`. */
  noun: string;
  item: z.ZodType<A>;
  page: z.ZodType;
  input: I;
  list(db: Db, organizationId: string, query: ContentListQuery): Promise<unknown>;
  get(db: Db, organizationId: string, id: string): Promise<A>;
  create(trx: Db, organizationId: string, input: z.output<I>, context: WriteContext): Promise<A>;
  update(trx: Db, organizationId: string, id: string, input: z.output<I>, context: WriteContext): Promise<A>;
  duplicate(trx: Db, organizationId: string, id: string, context: WriteContext): Promise<A>;
  setState(trx: Db, organizationId: string, id: string, state: 'publish' | 'archive'): Promise<{ before: A; after: A; changed: boolean }>;
  /** The supporters' own answer for this item in a language, whatever its status. */
  preview: { schema: z.ZodType; read(db: Db, organizationId: string, id: string, locale: Locale): Promise<unknown> };
}

export function consoleContentRoutes<I extends z.ZodType, A extends Item>(k: ConsoleKind<I, A>) {
  const base = `/admin/${k.collection}`;
  const security = [{ admin: [] }];
  const one = dataResponse(`The ${k.kind}`, k.item);

  const listRoute = createRoute({
    method: 'get', path: base, middleware: [allow('read')] as const, security, summary: `Operator: the ${k.collection}, any status, searched and paged`,
    description: '`q` searches the titles; `status` narrows to draft, scheduled, live, ended or archived; newest first.',
    request: { query: ContentListQuery }, responses: { 200: dataResponse('A page', k.page), ...errorResponses(401, 403, 422) },
  });
  const getRoute = createRoute({
    method: 'get', path: `${base}/{id}`, middleware: [allow('read')] as const, security, summary: `Operator: ${k.noun}, any status`,
    request: { params: IdParam }, responses: { 200: one, ...errorResponses(401, 403, 404) },
  });
  const createRouteDef = createRoute({
    method: 'post', path: base, middleware: [allow('content')] as const, security, summary: `Editor: makes ${k.noun}, saved as a draft`,
    request: { body: jsonBody(k.input) }, responses: { 201: one, ...errorResponses(401, 403, 422) },
  });
  const updateRoute = createRoute({
    method: 'put', path: `${base}/{id}`, middleware: [allow('content')] as const, security, summary: `Editor: saves ${k.noun} whole (its status stays)`,
    request: { params: IdParam, body: jsonBody(k.input) }, responses: { 200: one, ...errorResponses(401, 403, 404, 422) },
  });
  const duplicateRoute = createRoute({
    method: 'post', path: `${base}/{id}/duplicate`, middleware: [allow('content')] as const, security, summary: `Editor: a draft copy of ${k.noun}`,
    request: { params: IdParam }, responses: { 201: one, ...errorResponses(401, 403, 404) },
  });
  const stateRoute = (state: 'publish' | 'archive') => createRoute({
    method: 'post', path: `${base}/{id}/${state}`, middleware: [allow('content')] as const, security,
    summary: state === 'publish'
      ? `Editor: publishes ${k.noun} (a draft or an archived one): supporters see it from its start`
      : `Editor: archives ${k.noun}: kept, never shown to supporters`,
    description: 'Calling it again changes nothing and appends no audit entry.',
    request: { params: IdParam }, responses: { 200: one, ...errorResponses(401, 403, 404) },
  });

  const previewRoute = createRoute({
    method: 'get', path: `${base}/{id}/preview`, middleware: [allow('read')] as const, security,
    summary: `Operator: ${k.noun} exactly as the supporters' API answers it, whatever its status`,
    description: "In the request's language (Accept-Language): the Spanish texts where written, else English. As a supporter who has not seen it yet.",
    request: { params: IdParam }, responses: { 200: dataResponse("The supporters' answer", k.preview.schema), ...errorResponses(401, 403, 404) },
  });

  // The routes are built for any kind: what each validated is read back as the kind's types.
  type Validated = { req: { valid(target: string): unknown } };
  const param = (c: unknown) => ((c as Validated).req.valid('param') as { id: string }).id;
  const json = (c: unknown) => (c as Validated).req.valid('json') as z.output<I>;
  const query = (c: unknown) => (c as Validated).req.valid('query') as ContentListQuery;

  const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  routes.openapi(previewRoute, async (c) => {
    const data = await k.preview.read(c.get('db'), c.get('caller').organizationId, param(c), requestLocale(c));
    if (data === undefined) throw new ApiError('not_found', NOT_FOUND[k.kind]);
    return c.json({ data } as never, 200);
  });
  const org = (c: { get(key: 'caller'): { organizationId: string } }) => c.get('caller').organizationId;
  const context = (c: { get(key: 'media'): MediaStore }): WriteContext => ({ media: c.get('media'), now: new Date() });

  routes.openapi(listRoute, async (c) => c.json({ data: await k.list(c.get('db'), org(c), query(c)) } as never, 200));
  routes.openapi(getRoute, async (c) => c.json({ data: await k.get(c.get('db'), org(c), param(c)) } as never, 200));
  routes.openapi(createRouteDef, async (c) => {
    const data = await c.get('db').transaction().execute(async (trx) => {
      const after = await k.create(trx, org(c), json(c), context(c));
      await audit(c, trx, { action: `${k.kind}.create`, kind: k.kind, id: after.id, before: null, after });
      return after;
    });
    return c.json({ data } as never, 201);
  });
  routes.openapi(updateRoute, async (c) => {
    const id = param(c);
    const data = await c.get('db').transaction().execute(async (trx) => {
      const before = await k.get(trx, org(c), id);
      const after = await k.update(trx, org(c), id, json(c), context(c));
      await audit(c, trx, { action: `${k.kind}.update`, kind: k.kind, id, before, after });
      return after;
    });
    return c.json({ data } as never, 200);
  });
  routes.openapi(duplicateRoute, async (c) => {
    const id = param(c);
    const data = await c.get('db').transaction().execute(async (trx) => {
      const after = await k.duplicate(trx, org(c), id, context(c));
      await audit(c, trx, { action: `${k.kind}.duplicate`, kind: k.kind, id: after.id, before: { copyOf: id }, after });
      return after;
    });
    return c.json({ data } as never, 201);
  });
  for (const state of ['publish', 'archive'] as const) {
    routes.openapi(stateRoute(state), async (c) => {
      const id = param(c);
      const data = await c.get('db').transaction().execute(async (trx) => {
        const { before, after, changed } = await k.setState(trx, org(c), id, state);
        if (changed) await audit(c, trx, { action: `${k.kind}.${state}`, kind: k.kind, id, before, after });
        else writerOf(c).unchanged?.();
        return after;
      });
      return c.json({ data } as never, 200);
    });
  }
  return routes;
}
