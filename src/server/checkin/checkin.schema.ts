import { z } from '@hono/zod-openapi';
import { StandingSchema } from '../users/standing.schema.ts';

export const CheckinSchema = z.object({
  days: z.number().int().openapi({ example: 3, description: 'Consecutive days checked in, ending today or yesterday; 0 when broken.' }),
  eligibleForCheckin: z.boolean().openapi({ description: 'No check-in yet today (in the organization\'s time zone).' }),
  pointsToday: z.number().int().openapi({ example: 10, description: 'What checking in today awards, the streak bonus included; 0 once today is done.' }),
  ticket: z.string().openapi({
    example: '2026-11-27.q4pW…',
    description: "Today's check-in ticket, signed for this supporter: a phone with no signal keeps it and posts it later (POST /checkin `{ ticket }`), on its day or the next, and the check-in counts for the ticket's day.",
  }),
}).openapi('Checkin');

export const CheckinRequestSchema = z.object({
  ticket: z.string().max(200).optional().openapi({ description: 'A ticket from GET /checkin: checks in for its day instead of today.' }),
}).openapi('CheckinRequest');

export const CheckinResultSchema = CheckinSchema.extend({
  points: z.number().int().openapi({ example: 10, description: 'The points this check-in awarded, streak bonus included.' }),
  standing: StandingSchema,
}).openapi('CheckinResult');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Checkin = z.infer<typeof CheckinSchema>;
export type CheckinResult = z.infer<typeof CheckinResultSchema>;
