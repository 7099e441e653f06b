import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import { appendAudit, writerOf } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { allow } from '../operators/operator.middleware.ts';
import { requireUser } from '../users/require-user.ts';
import { eraseSupporter, removeErasedFiles } from './privacy.erase.ts';
import { exportSupporter } from './privacy.export.ts';
import { findSupporterOf } from './privacy.repository.ts';

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
const Reason = z.string().trim().min(1, 'api.privacy.reason').max(300, 'api.privacy.reason');
const exportFile = { 200: { description: 'Everything Terrace holds about the supporter, as one JSON file', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } };

const myExportRoute = createRoute({
  method: 'get', path: '/user/me/export', security: [{ bearer: [] }],
  summary: 'Everything Terrace holds about the signed-in supporter, as one JSON file (profile, consents and their history, ledger, entries, badges, answers, sessions…)',
  responses: { ...exportFile, ...errorResponses(401) },
});
const myEraseRoute = createRoute({
  method: 'post', path: '/user/me/erase', security: [{ bearer: [] }],
  summary: "Erases the signed-in supporter's personal data and signs them out everywhere; `confirm` is their e-mail address",
  description: 'The ledger and sweepstake entries stay, anonymous, so balances sum and draws stay verifiable. Signing in again with the address starts a new account.',
  request: { body: jsonBody(z.object({ confirm: z.string().max(320) })) },
  responses: { 204: { description: 'Erased and signed out' }, ...errorResponses(401, 422) },
});
const memberExportRoute = createRoute({
  method: 'get', path: '/admin/members/{id}/export', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: "Support: everything Terrace holds about a supporter, as one JSON file (the view is in the audit trail)",
  request: { params: IdParam },
  responses: { ...exportFile, ...errorResponses(401, 403, 404) },
});
const memberEraseRoute = createRoute({
  method: 'post', path: '/admin/members/{id}/erase', security: [{ admin: [] }], middleware: [allow('members')] as const,
  summary: "Support: erases a supporter's personal data with a reason, ending their sessions; the ledger and entries stay, anonymous",
  request: { params: IdParam, body: jsonBody(z.object({ reason: Reason })) },
  responses: { 204: { description: 'Erased (erasing again changes nothing)' }, ...errorResponses(401, 403, 404, 422) },
});

const download = (userId: string) => ({ 'Content-Disposition': `attachment; filename="terrace-data-${userId}.json"` });

/** The supporter of the operator's organization, or 404 (another club's supporter does not exist here). */
async function memberOf(db: Db, organizationId: string, id: string) {
  const found = await findSupporterOf(db, organizationId, id);
  if (!found) throw new ApiError('not_found', 'api.privacy.notFound');
  return found;
}

export const privacyRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(myExportRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    const data = await exportSupporter(c.get('db'), userId);
    if (!data) throw new ApiError('unauthorized', 'api.auth.accountGone');
    return c.json(data, 200, download(userId));
  })
  .openapi(myEraseRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    const db = c.get('db');
    const user = await requireUser(db, userId);
    if (c.req.valid('json').confirm.trim().toLowerCase() !== user.email) throw new ApiError('validation_failed', 'api.privacy.confirm', { confirm: 'api.privacy.confirm' });
    const erased = await db.transaction().execute((trx) => eraseSupporter(trx, userId, new Date()));
    await removeErasedFiles(c.get('media'), erased?.files ?? []);
    return c.body(null, 204);
  })
  .openapi(memberExportRoute, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    await memberOf(db, c.get('operator').organizationId, id);
    const data = await db.transaction().execute(async (trx) => {
      await appendAudit(trx, writerOf(c), { action: 'member.export', kind: 'member', id });
      return exportSupporter(trx, id);
    });
    return c.json(data!, 200, download(id));
  })
  .openapi(memberEraseRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const db = c.get('db');
    const erased = await db.transaction().execute(async (trx) => {
      const before = await memberOf(trx, c.get('operator').organizationId, id);
      const result = await eraseSupporter(trx, id, new Date());
      if (before.erased_at) writerOf(c).unchanged?.();
      else await appendAudit(trx, writerOf(c), { action: 'member.erase', kind: 'member', id, before: { erased: false }, after: { erased: true, reason } });
      return result;
    });
    await removeErasedFiles(c.get('media'), erased?.files ?? []);
    return c.body(null, 204);
  });
