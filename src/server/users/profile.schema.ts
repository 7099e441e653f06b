import { z } from '@hono/zod-openapi';

/** Properties the server owns: membership is chosen through membership, the bonus is awarded. */
export const SERVER_OWNED_PROPERTIES = ['membership', 'birthdayBonusPoints'] as const;

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const text = (max: number, label: string) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, `${label} must be at most ${max} characters.`).nullable());

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const ProfilePatchSchema = z.object({
  username: z.preprocess(emptyToNull, z.string().trim()
    .min(3, 'Usernames have 3 to 30 characters.').max(30, 'Usernames have 3 to 30 characters.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, dots, dashes or underscores.').nullable()).optional(),
  firstName: text(50, 'First name').optional(),
  lastName: text(50, 'Last name').optional(),
  // Spec: an empty phone number becomes null.
  phoneNumber: z.preprocess(emptyToNull, z.string().trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Enter a phone number with 6 to 20 digits, e.g. +44 7700 900123.').nullable()).optional(),
  zipCode: z.preprocess(emptyToNull, z.string().trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'Enter a postcode of 2 to 12 letters or digits.').nullable()).optional(),
  // Spec: an empty birthday becomes null.
  birthday: z.preprocess(emptyToNull, z.string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
    .refine(isRealDate, 'That date does not exist.')
    .refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'Enter a date between 1900 and today.')
    .nullable()).optional(),
  properties: z.record(z.string(), z.unknown())
    .refine((p) => SERVER_OWNED_PROPERTIES.every((key) => !(key in p)), 'membership and birthdayBonusPoints cannot be changed here.')
    .refine((p) => JSON.stringify(p).length <= 4000, 'Properties are limited to 4000 characters.')
    .optional(),
}).openapi('ProfilePatch');

export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;
