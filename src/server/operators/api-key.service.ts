import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '../../shared/operator-roles.ts';
import { appendAudit, type Writer } from '../audit/audit.ts';
import { hashToken } from '../auth/secrets.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import * as repo from './operator.repository.ts';
import { newOperatorSecret } from './operator-secrets.ts';

type KeyRow = NonNullable<Awaited<ReturnType<typeof repo.findApiKey>>>;

const view = (row: KeyRow) => ({
  id: row.id, name: row.name, role: row.role, hint: row.key_hint, createdAt: row.created_at,
  lastUsedAt: row.last_used_at, uses: Number(row.uses), revokedAt: row.revoked_at,
});

/** A new key bound to a role: the key itself is answered this once; only its hash is kept. */
export async function createApiKey(db: Db, writer: Writer, input: { name: string; role: OperatorRole }) {
  const { actor } = writer;
  const key = newOperatorSecret('apiKey');
  const id = randomUUID();
  const now = new Date().toISOString();
  await repo.insertApiKey(db, {
    id, organization_id: actor.organizationId, name: input.name, role: input.role, key_hash: hashToken(key), key_hint: key.slice(-4),
    created_by: actor.type === 'cli' ? null : actor.id, created_at: now, last_used_at: null, revoked_at: null,
  });
  const created = view((await repo.findApiKey(db, actor.organizationId, id))!);
  await appendAudit(db, writer, { action: 'apiKey.create', kind: 'apiKey', id, after: created });
  return { ...created, key };
}

export async function revokeApiKey(db: Db, writer: Writer, id: string) {
  const { actor } = writer;
  const before = await repo.findApiKey(db, actor.organizationId, id);
  if (!before) throw new ApiError('not_found', 'api.apiKey.notFound');
  if (before.revoked_at) {
    writer.unchanged?.();
    return view(before);
  }
  await repo.revokeApiKey(db, id, new Date().toISOString());
  const after = view((await repo.findApiKey(db, actor.organizationId, id))!);
  await appendAudit(db, writer, { action: 'apiKey.revoke', kind: 'apiKey', id, before: view(before), after });
  return after;
}

export async function listApiKeys(db: Db, organizationId: string) {
  return (await repo.listApiKeys(db, organizationId)).map(view);
}

/** The live (unrevoked) key with this value, its use counted. */
export async function apiKeyByValue(db: Db, key: string) {
  const row = await repo.findLiveApiKey(db, hashToken(key));
  if (row) await repo.countApiKeyUse(db, row.id, new Date().toISOString());
  return row;
}
