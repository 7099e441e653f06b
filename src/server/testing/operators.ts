import type { OperatorRole } from '../../shared/operator-roles.ts';
import type { Actor } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import { createApiKey } from '../operators/api-key.service.ts';

/** The command line as the actor of test set-up (it is what `npm run operator` records). */
export async function cliActor(db: Db): Promise<Actor> {
  const { id } = await db.selectFrom('organizations').select('id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow();
  return { type: 'cli', id: 'cli', label: 'npm run operator', role: 'owner', organizationId: id };
}

/** A new API key with `role` on the demo organization: the bearer of an operator in API tests. */
export async function operatorKey(db: Db, role: OperatorRole = 'owner'): Promise<string> {
  const { key } = await createApiKey(db, { actor: await cliActor(db) }, { name: `test ${role}`, role });
  return key;
}
