import { z } from '@hono/zod-openapi';
import { translationsSchema } from '../admin/translations.ts';
import { CONTROL } from '../stored/fields.ts';
import { StandingSchema } from '../users/standing.schema.ts';
import { looksLikeSweepstakeId } from './sweepstake.repository.ts';

const Hex64 = z.string().openapi({ example: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c' });

const SweepstakeWinnerSchema = z.object({
  position: z.number().int().openapi({ description: '1 for the first drawn.' }),
  name: z.string().nullable().openapi({ example: 'Ada L.', description: 'First name and initial; null when the profile has none.' }),
  holder: z.string().openapi({ description: "The winner's opaque id in the published entry list." }),
  entryId: z.string(),
  ticket: z.number().int().openapi({ description: 'The ticket drawn, from 0, among the tickets still in the draw at that round.' }),
  you: z.boolean().openapi({ description: 'The caller is this winner.' }),
}).openapi('SweepstakeWinner');

export const SweepstakeSchema = z.object({
  sweepstakeId: z.string(),
  slug: z.string(),
  status: z.enum(['live', 'coming_soon', 'ended']).openapi({ description: 'Decided by the server from startsAt, endsAt, the draw and a cancellation.' }),
  mediaId: z.string().nullable().openapi({ description: 'The picture: a demo image name (`/images/sweepstakes/{mediaId}-{width}.webp`).' }),
  startsAt: z.string(),
  endsAt: z.string(),
  title: z.string(),
  description: z.string(),
  prize: z.string(),
  prizeValue: z.number().int().openapi({ description: 'In whole units of `currency`.' }),
  currency: z.string().openapi({ example: 'GBP' }),
  sponsor: z.string(),
  costPerEntry: z.number().int().openapi({ description: 'Points per entry.' }),
  maxEntriesPerSupporter: z.number().int().openapi({ description: "The per-supporter cap, the free entry included." }),
  winnerCount: z.number().int(),
  totalEntries: z.number().int().openapi({ description: 'Entries (tickets) from every supporter so far: the odds depend on it.' }),
  entryCount: z.number().int().openapi({ description: "The caller's own entries; 0 for anonymous callers." }),
  freeEntryUsed: z.boolean(),
  entry: z.object({
    canEnter: z.boolean(),
    blockedBy: z.enum(['sign_in', 'underage', 'coming_soon', 'ended', 'cancelled', 'limit_reached']).nullable()
      .openapi({ description: 'Why the caller cannot enter now; null when they can.' }),
    remaining: z.number().int().openapi({ description: 'Entries the caller may still add under the cap.' }),
    affordable: z.number().int().openapi({ description: 'Paid entries the caller\'s balance covers now, within `remaining`.' }),
    freeEntryAvailable: z.boolean(),
  }).openapi('SweepstakeEntryState'),
  commitment: Hex64.openapi({ description: 'SHA-256 of the secret seed (of its 64 hex characters), published from the start.' }),
  entriesHash: Hex64.nullable().openapi({ description: 'SHA-256 of the frozen entry list, once entries have closed.' }),
  beacon: z.object({ url: z.string(), round: z.number().int(), value: z.string().nullable() }).nullable()
    .openapi({ description: 'A drand round announced before entries close and mixed into the draw; null when none.' }),
  seed: Hex64.nullable().openapi({ description: 'Revealed at the draw.' }),
  drawnAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  winners: z.array(SweepstakeWinnerSchema),
}).openapi('Sweepstake');

export const SweepstakeDetailSchema = SweepstakeSchema.extend({
  rulesUrl: z.string().openapi({ description: "The official rules as a PDF in the request's language, under MEDIA_BASE_URL." }),
}).openapi('SweepstakeDetail');

const PublishedEntrySchema = z.object({
  entryId: z.string(), holder: z.string(), tickets: z.number().int(), mine: z.boolean(),
}).openapi('PublishedEntry');

export const EntryListSchema = z.object({
  frozen: z.boolean(),
  entriesHash: Hex64.nullable(),
  total: z.number().int().nullable().openapi({ description: 'Lines in the whole published list; null before entries close.' }),
  entries: z.array(PublishedEntrySchema).openapi({
    description: 'Once frozen, one page of the list ordered by entryId (`limit` lines after `after`); before, only the caller\'s own.',
  }),
  next: z.string().nullable().openapi({ description: 'Pass as `after` for the next page; null on the last page.' }),
  mine: z.array(PublishedEntrySchema).openapi({ description: "The caller's own entries (empty for anonymous callers)." }),
}).openapi('SweepstakeEntryList');

export const EntryPageQuerySchema = z.object({
  after: z.string().regex(/^[0-9a-f]{1,64}$/, 'api.sweepstakes.badCursor').optional()
    .openapi({ param: { name: 'after', in: 'query' }, description: 'The `next` of the page before.' }),
  limit: z.string().regex(/^[1-9][0-9]{0,3}$/, 'api.sweepstakes.badLimit').transform(Number)
    .refine((n) => n <= 1000, 'api.sweepstakes.badLimit').optional()
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Lines per page, 1 to 1000 (500 without one).' }),
});

export const EntryResultSchema = z.object({
  sweepstakeId: z.string(),
  entryId: z.string(),
  tickets: z.number().int(),
  pointsSpent: z.number().int(),
  entryCount: z.number().int().openapi({ description: "The supporter's entries in this sweepstake now." }),
  remaining: z.number().int(),
  freeEntryUsed: z.boolean(),
  standing: StandingSchema,
}).openapi('SweepstakeEntryResult');

export const EntryRequestSchema = z.object({
  count: z.number({ error: 'api.sweepstakes.countRequired' }).int('api.sweepstakes.countWhole')
    .min(1, 'api.sweepstakes.countWhole').max(1000, 'api.sweepstakes.countWhole'),
}).openapi('SweepstakeEntry');

export const DrawResultSchema = z.object({
  sweepstakeId: z.string(),
  drawnAt: z.string(),
  seed: Hex64,
  commitment: Hex64,
  entriesHash: Hex64,
  beacon: z.object({ url: z.string(), round: z.number().int(), value: z.string() }).nullable(),
  winners: z.array(z.object({
    position: z.number().int(), name: z.string().nullable(), holder: z.string(), entryId: z.string(), ticket: z.number().int(),
    notified: z.boolean().openapi({ description: 'The winner has been mailed (a failed mail is sent again by the next call).' }),
  })),
}).openapi('SweepstakeDraw');

export const CancelResultSchema = z.object({
  sweepstakeId: z.string(),
  cancelledAt: z.string(),
  refundedEntries: z.number().int().openapi({ description: 'Paid entries refunded by this call (0 on a repeat).' }),
  refundedPoints: z.number().int(),
}).openapi('SweepstakeCancel');

// The stored row's own bounds (./sweepstake.stored.ts checks the row again before it is written).
const Text = (max: number) => z.string().trim().min(1).max(max).refine((t) => !CONTROL.test(t));
const Instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString());
const SweepstakeRulesText = z.string().trim().max(20_000).refine((t) => !CONTROL.test(t));
/** The texts a supporter reads, also in Spanish (`translations.es`). */
export const SWEEPSTAKE_TEXTS = { title: Text(120), description: Text(2000), prize: Text(300), rules: SweepstakeRulesText };

export const NewSweepstakeSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).refine((slug) => !looksLikeSweepstakeId(slug), 'api.sweepstakes.slugLooksLikeId')
    .openapi({ example: 'signed-away-shirt', description: 'Lowercase words and digits joined by hyphens; never in the form of an id (a UUID).' }),
  title: Text(120),
  description: Text(2000),
  prize: Text(300).openapi({ description: 'What is won, as the rules say it: "a signed away shirt".' }),
  prizeValue: z.number().int().min(0).max(10_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/).openapi({ example: 'GBP' }),
  sponsor: Text(120),
  mediaId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$|^[a-f0-9]{64}\.webp$/).nullable().default(null)
    .openapi({ description: 'A demo picture name or an uploaded image (`<sha256>.webp`); null for none.' }),
  costPerEntry: z.number().int().min(1).max(1_000_000),
  maxEntriesPerSupporter: z.number().int().min(1).max(1000),
  winnerCount: z.number().int().min(1).max(100),
  startsAt: Instant,
  endsAt: Instant,
  rules: SweepstakeRulesText.default('').openapi({ description: "The club's own rules, printed in the rules PDF after the standard terms (a paragraph per blank line)." }),
  translations: translationsSchema(SWEEPSTAKE_TEXTS),
  draft: z.boolean().default(false).openapi({ description: 'Saved, not shown to supporters until published (POST /admin/sweepstakes/{id}/publish).' }),
}).refine((s) => s.endsAt > s.startsAt, { path: ['endsAt'], message: 'api.sweepstakes.endsBeforeStart' }).openapi('NewSweepstake');

// The answers' shapes: the services return them, the web app's API modules read them (type-only imports).
export type Sweepstake = z.infer<typeof SweepstakeSchema>;
export type SweepstakeDetail = z.infer<typeof SweepstakeDetailSchema>;
export type SweepstakeEntryList = z.infer<typeof EntryListSchema>;
export type SweepstakeEntryResult = z.infer<typeof EntryResultSchema>;
