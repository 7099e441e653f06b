import { z } from '@hono/zod-openapi';

export const UserConsentSchema = z.object({
  id: z.string().openapi({ description: 'The consent; the {id} of PATCH /consent/user/{id}.' }),
  consentId: z.string().openapi({ example: 'marketing_email', description: "The consent's stable name in the organization." }),
  name: z.string().openapi({ example: 'Marketing e-mails' }),
  description: z.string().nullable(),
  value: z.union([z.literal(0), z.literal(1)]).openapi({ description: '1: given. A consent never answered is 0.' }),
  enabled: z.boolean().openapi({ description: 'value as a boolean.' }),
  data: z.record(z.string(), z.unknown()).nullable(),
}).openapi('UserConsent');

export const ConsentChangeSchema = z.object({
  consentId: z.string({ error: 'api.consent.sendId' }).min(1, 'api.consent.sendId'),
  value: z.union([z.literal(0), z.literal(1)], { error: 'api.consent.value' }),
  data: z.record(z.string(), z.unknown(), { error: 'api.consent.data' })
    .refine((d) => JSON.stringify(d).length <= 2000, 'api.consent.dataTooLong')
    .nullable().optional()
    .openapi({ description: 'Kept with the answer; omit it to keep the previous data.' }),
}).openapi('ConsentChange');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type UserConsent = z.infer<typeof UserConsentSchema>;
export type ConsentChange = z.input<typeof ConsentChangeSchema>;
