// `npm run operator -- …`: the club's staff from the command line, on any database, fresh or not (it is
// migrated, and seeded with the demo organization when empty, as `npm start` would). Each change is in
// the audit trail, by "npm run operator".
//
//   npm run operator -- add EMAIL --role owner|editor|support    adds an operator, or sets the role of one
//   npm run operator -- remove EMAIL                             takes an operator off the staff
//   npm run operator -- list                                     the staff and their roles
//   npm run operator -- key NAME --role ROLE                     a new API key, printed this once
//
// The organization is PUBLIC_ORG_KEY's (the demo organization by default).
import { parseArgs } from 'node:util';
import { isOperatorRole, type OperatorRole } from '../src/shared/operator-roles.ts';
import { getConfig } from '../src/shared/config.server.ts';
import type { Actor } from '../src/server/audit/audit.ts';
import { createDatabase, type Db } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { ApiError } from '../src/server/errors.ts';
import { createApiKey } from '../src/server/operators/api-key.service.ts';
import { findOperatorByEmail } from '../src/server/operators/operator.repository.ts';
import { addOperator, changeOperatorRole, listOperators, removeOperator } from '../src/server/operators/operator.service.ts';
import { findOrganizationByPublicKey } from '../src/server/organization/organization.repository.ts';
import { normaliseEmail } from '../src/server/session/session.service.ts';

const USAGE = 'usage: npm run operator -- add EMAIL --role owner|editor|support | remove EMAIL | list | key NAME --role ROLE';

async function run(db: Db, command: string | undefined, value: string | undefined, role: string | undefined): Promise<string> {
  const organization = await findOrganizationByPublicKey(db, getConfig().PUBLIC_ORG_KEY);
  if (!organization) throw new Error('no organization has PUBLIC_ORG_KEY as its key');
  const writer = { actor: { type: 'cli', id: 'cli', label: 'npm run operator', role: 'owner', organizationId: organization.id } satisfies Actor };
  const needRole = (): OperatorRole => {
    if (!role || !isOperatorRole(role)) throw new Error(`--role must be owner, editor or support\n${USAGE}`);
    return role;
  };
  if (command === 'list') {
    const staff = await listOperators(db, organization.id);
    return staff.length ? staff.map((o) => `${o.role.padEnd(8)} ${o.email}`).join('\n') : 'no operator yet';
  }
  if (!value) throw new Error(USAGE);
  return db.transaction().execute(async (trx) => {
    if (command === 'add') {
      const wanted = needRole();
      const known = await findOperatorByEmail(trx, organization.id, normaliseEmail(value));
      if (known) return `${(await changeOperatorRole(trx, writer, known.id, wanted)).email} is ${wanted}`;
      const added = await addOperator(trx, writer, { email: value, role: wanted });
      return `${added.email} is ${added.role}: they sign in at /admin with this address`;
    }
    if (command === 'remove') {
      const known = await findOperatorByEmail(trx, organization.id, normaliseEmail(value));
      if (!known) throw new Error(`${value} is not an operator`);
      await removeOperator(trx, writer, known.id);
      return `${known.email} is no longer on the staff`;
    }
    if (command === 'key') {
      const { key, role: keyRole } = await createApiKey(trx, writer, { name: value, role: needRole() });
      return `API key "${value}" (${keyRole}); keep it now, it is not shown again:\n${key}`;
    }
    throw new Error(USAGE);
  });
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { role: { type: 'string' } } });
try {
  const db = createDatabase(getConfig().DATABASE_URL);
  try {
    await migrateToLatest(db);
    await seedDemo(db, getConfig().PUBLIC_ORG_KEY);
    console.log(await run(db, positionals[0], positionals[1], values.role));
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ApiError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
