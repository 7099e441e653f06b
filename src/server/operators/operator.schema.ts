import { z } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '../../shared/operator-roles.ts';

export const RoleSchema = z.enum(OPERATOR_ROLES, 'api.operator.role').openapi({ description: 'owner: everything; editor: content, outcomes, sweepstakes up to the draw; support: read-only.' });

export const OperatorSchema = z.object({
  id: z.string(), email: z.string(), role: RoleSchema, createdAt: z.string().optional(),
}).openapi('Operator');

export const ApiKeySchema = z.object({
  id: z.string(), name: z.string(), role: RoleSchema,
  hint: z.string().openapi({ description: "The key's last four characters." }),
  createdAt: z.string(), lastUsedAt: z.string().nullable(), uses: z.number().int(), revokedAt: z.string().nullable(),
}).openapi('ApiKey');

export const NewApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: 'The key: shown this once, never again (only its hash is kept).' }),
}).openapi('NewApiKey');

export const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
