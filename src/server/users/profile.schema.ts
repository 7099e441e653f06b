import { z } from '@hono/zod-openapi';
import { SUPPORTER_PROPERTIES } from './properties.ts';

/** Properties the server owns: membership is chosen through membership, the bonus is awarded. */
const SERVER_OWNED_PROPERTIES = ['membership', 'birthdayBonusPoints'] as const;

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
// Messages are keys of src/shared/i18n/messages/*/api.ts: the API answers them in the request's language.
const text = (max: number, tooLong: 'api.profile.firstNameTooLong' | 'api.profile.lastNameTooLong') =>
  z.preprocess(emptyToNull, z.string().trim().max(max, tooLong).nullable());

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const ProfilePatchSchema = z.object({
  username: z.preprocess(emptyToNull, z.string().trim()
    .min(3, 'api.profile.usernameLength').max(30, 'api.profile.usernameLength')
    .regex(/^[A-Za-z0-9_.-]+$/, 'api.profile.usernameCharacters').nullable()).optional(),
  firstName: text(50, 'api.profile.firstNameTooLong').optional(),
  lastName: text(50, 'api.profile.lastNameTooLong').optional(),
  // Spec: an empty phone number becomes null.
  phoneNumber: z.preprocess(emptyToNull, z.string().trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'api.profile.phone').nullable()).optional(),
  zipCode: z.preprocess(emptyToNull, z.string().trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'api.profile.zipCode').nullable()).optional(),
  // Spec: an empty birthday becomes null.
  birthday: z.preprocess(emptyToNull, z.string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'api.profile.dateFormat')
    .refine(isRealDate, 'api.profile.dateNotReal')
    .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'api.profile.dateRange')
    .nullable()).optional(),
  // The fixed keys of ./properties.ts: the server's own are refused by name, any other key as unknown.
  properties: z.record(z.string(), z.unknown())
    .refine((p) => SERVER_OWNED_PROPERTIES.every((key) => !(key in p)), 'api.profile.propertiesOwned')
    .refine((p) => Object.keys(p).every((key) => Object.hasOwn(SUPPORTER_PROPERTIES, key)), 'api.profile.propertiesUnknown')
    .pipe(z.object(SUPPORTER_PROPERTIES).strict())
    .optional()
    .openapi({ description: 'No key is a supporter\'s to set today: membership and birthdayBonusPoints are the club\'s (422 for either, or any other key).' }),
}).openapi('ProfilePatch');

export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;
