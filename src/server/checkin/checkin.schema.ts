import { z } from '@hono/zod-openapi';
import { StandingSchema } from '../users/standing.schema.ts';

export const CheckinSchema = z.object({
  days: z.number().int().openapi({ example: 3, description: 'Consecutive days checked in, ending today or yesterday; 0 when broken.' }),
  eligibleForCheckin: z.boolean().openapi({ description: 'No check-in yet today (in the organization\'s time zone).' }),
}).openapi('Checkin');

export const CheckinResultSchema = CheckinSchema.extend({
  points: z.number().int().openapi({ example: 10, description: 'The points this check-in awarded, streak bonus included.' }),
  standing: StandingSchema,
}).openapi('CheckinResult');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Checkin = z.infer<typeof CheckinSchema>;
export type CheckinResult = z.infer<typeof CheckinResultSchema>;
