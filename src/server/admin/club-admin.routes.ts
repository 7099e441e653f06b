import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { ContentListQuery, pagedSchema } from './content-list.ts';

// One shape for the club lane's collections (/admin/carousel, /admin/activations, /admin/experiences,
// /admin/sweepstakes): list (search, status, pages), get one, create, save whole (PUT, like the console's
// other lanes), duplicate (a draft copy), archive and publish. Reads need `read`, writes `content`; each
// write is audited with before and after. Each kind says what it is once, in its *.admin.ts.

/** A page of a collection, as pagedSchema answers it (for the web app's API modules, type-only). */
export interface ClubPage<V> { items: V[]; total: number; page: number; pages: number }
/** A list's query as the web app sends it (every field optional). */
export type ClubListQuery = Partial<z.input<typeof ContentListQuery>>;
type Page<V> = ClubPage<V>;

export interface AdminKind<V extends { id: string }, C, U> {
  /** The audit's kind and the action prefix: `carousel` → `carousel.create`. */
  kind: string;
  /** The path under /admin. */
  collection: string;
  /** What the OpenAPI document and summaries call one item: `reward card`. */
  noun: string;
  view: z.ZodType<V>;
  create?: z.ZodType<C>;
  /** The whole item as a save (PUT) sends it. */
  update: z.ZodType<U>;
  list(db: Db, organizationId: string, query: ContentListQuery): Promise<Page<V>>;
  get(db: Db, organizationId: string, id: string): Promise<V | undefined>;
  insert?(trx: Db, organizationId: string, input: C): Promise<V>;
  change(trx: Db, organizationId: string, id: string, input: U): Promise<V>;
  duplicate(trx: Db, organizationId: string, before: V): Promise<V>;
  /** Archive or publish (draft off); answers the item after. */
  mark(trx: Db, organizationId: string, id: string, what: 'archive' | 'publish'): Promise<V>;
  /** Checked before any write of the item (e.g. a sweepstake changes only before it starts). */
  writable?(before: V, what: 'update' | 'archive' | 'publish'): void;
}

// Handlers answer `as never`: the view's type is the generic V of `k.view`, which TypeScript cannot carry into
// the route's typed response; k.view is the route's response schema, so the contract is the same.
const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
const security = [{ admin: [] }];

export function clubAdminRoutes<V extends { id: string }, C, U>(k: AdminKind<V, C, U>) {
  const base = `/admin/${k.collection}`;
  const notFound = () => new ApiError('not_found', 'api.club.notFound');
  const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const require = async (db: Db, organizationId: string, id: string) => (await k.get(db, organizationId, id)) ?? (() => { throw notFound(); })();

  routes.openapi(createRoute({
    method: 'get', path: base, security, middleware: [allow('read')] as const,
    summary: `Operator: the club's ${k.noun}s, searched, by status, a page at a time`,
    request: { query: ContentListQuery },
    responses: { 200: dataResponse('A page', pagedSchema(k.view)), ...errorResponses(401, 403, 422) },
  }), async (c) => c.json({ data: await k.list(c.get('db'), c.get('operator').organizationId, c.req.valid('query')) }, 200) as never);

  routes.openapi(createRoute({
    method: 'get', path: `${base}/{id}`, security, middleware: [allow('read')] as const,
    summary: `Operator: one ${k.noun}, with its translations and status`,
    request: { params: IdParam },
    responses: { 200: dataResponse(`The ${k.noun}`, k.view), ...errorResponses(401, 403, 404) },
  }), async (c) => c.json({ data: await require(c.get('db'), c.get('operator').organizationId, c.req.valid('param').id) }, 200) as never);

  if (k.create && k.insert) {
    const insert = k.insert;
    routes.openapi(createRoute({
      method: 'post', path: base, security, middleware: [allow('content')] as const,
      summary: `Editor: makes a ${k.noun} (a draft unless \`draft: false\`)`,
      request: { body: jsonBody(k.create) },
      responses: { 201: dataResponse('Made', k.view), ...errorResponses(401, 403, 422) },
    }), async (c) => {
      const { organizationId } = c.get('operator');
      const input = c.req.valid('json') as C;
      const data = await c.get('db').transaction().execute(async (trx) => {
        const after = await insert(trx, organizationId, input);
        await audit(c, trx, { action: `${k.kind}.create`, kind: k.kind, id: after.id, after });
        return after;
      });
      return c.json({ data }, 201) as never;
    });
  }

  routes.openapi(createRoute({
    method: 'put', path: `${base}/{id}`, security, middleware: [allow('content')] as const,
    summary: `Editor: saves a ${k.noun} whole (its status stays)`,
    description: 'The whole item, as for create but without `draft` (publish and archive change that); a field left out takes its default.',
    request: { params: IdParam, body: jsonBody(k.update) },
    responses: { 200: dataResponse('Changed', k.view), ...errorResponses(401, 403, 404, 422) },
  }), async (c) => {
    const { organizationId } = c.get('operator');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json') as U;
    const data = await c.get('db').transaction().execute(async (trx) => {
      const before = await require(trx, organizationId, id);
      k.writable?.(before, 'update');
      const after = await k.change(trx, organizationId, id, input);
      await audit(c, trx, { action: `${k.kind}.update`, kind: k.kind, id, before, after });
      return after;
    });
    return c.json({ data }, 200) as never;
  });

  routes.openapi(createRoute({
    method: 'post', path: `${base}/{id}/duplicate`, security, middleware: [allow('content')] as const,
    summary: `Editor: copies a ${k.noun} into a new draft`,
    request: { params: IdParam },
    responses: { 201: dataResponse('The copy', k.view), ...errorResponses(401, 403, 404) },
  }), async (c) => {
    const { organizationId } = c.get('operator');
    const data = await c.get('db').transaction().execute(async (trx) => {
      const source = await require(trx, organizationId, c.req.valid('param').id);
      const after = await k.duplicate(trx, organizationId, source);
      await audit(c, trx, { action: `${k.kind}.duplicate`, kind: k.kind, id: after.id, before: { from: source.id }, after });
      return after;
    });
    return c.json({ data }, 201) as never;
  });

  for (const what of ['archive', 'publish'] as const) {
    routes.openapi(createRoute({
      method: 'post', path: `${base}/{id}/${what}`, security, middleware: [allow('content')] as const,
      summary: what === 'archive' ? `Editor: takes a ${k.noun} down for good (kept, never shown)` : `Editor: publishes a draft ${k.noun} (shown from its start)`,
      request: { params: IdParam },
      responses: { 200: dataResponse(what === 'archive' ? 'Archived' : 'Published', k.view), ...errorResponses(401, 403, 404, 422) },
    }), async (c) => {
      const { organizationId } = c.get('operator');
      const { id } = c.req.valid('param');
      const data = await c.get('db').transaction().execute(async (trx) => {
        const before = await require(trx, organizationId, id);
        k.writable?.(before, what);
        const after = await k.mark(trx, organizationId, id, what);
        await audit(c, trx, { action: `${k.kind}.${what}`, kind: k.kind, id, before, after });
        return after;
      });
      return c.json({ data }, 200) as never;
    });
  }
  return routes;
}
