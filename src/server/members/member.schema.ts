import { z } from '@hono/zod-openapi';
import { decodeCursor } from '../ledger/transactions.routes.ts';
import { RankProgressSchema } from '../users/standing.schema.ts';

export const MemberIdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });

export const SearchQuery = z.object({
  q: z.string().trim().max(200).default('').openapi({
    description: 'The first letters of an e-mail address, a first or last name or a username (any case), or a supporter id. Empty: no results.',
  }),
});

// An empty parameter (`?cursor=`, as a plain form sends it) means "not given".
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);
export const LedgerQuery = z.object({
  cursor: z.preprocess(blankAsMissing, z.string({ error: 'api.transactions.cursor' })
    .refine((text) => decodeCursor(text) !== undefined, 'api.transactions.cursor').optional())
    .openapi({ type: 'string', description: 'The nextCursor of the previous page; leave out for the newest entries.' }),
});

const RankSchema = z.object({
  name: z.string(),
  nextRank: z.object({ name: z.string(), pointsRequired: z.number().int() }).nullable(),
  progress: RankProgressSchema,
});

export const MemberSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable().openapi({ description: 'First and last name as the supporter wrote them; null when neither is set.' }),
  username: z.string().nullable(),
  points: z.number().int().openapi({ description: 'Spendable points.' }),
  lifetimePoints: z.number().int().openapi({ description: 'Lifetime points (they set the rank).' }),
  rank: z.string().openapi({ example: 'P8' }),
  blocked: z.boolean(),
  createdAt: z.string(),
}).openapi('MemberSummary');

/** One ledger row as the supporter's own history has it (GET /user/me/transactions): the page names it the same way. */
export const MemberLedgerEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int().openapi({ description: 'Signed: awards are positive, spends negative.' }),
  kind: z.string().openapi({ description: 'checkin, challenge, sweepstake_entry, adjustment, …: the history names the row by it.' }),
  reference: z.string().nullable(),
  title: z.string().nullable().openapi({ description: "A challenge's or a sweepstake's title; null where the kind says it all." }),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
}).openapi('MemberLedgerEntry');

export const MemberLedgerPageSchema = z.object({
  entries: z.array(MemberLedgerEntrySchema),
  nextCursor: z.string().nullable().openapi({ description: 'Pass as cursor for the next (older) page; null on the last page.' }),
}).openapi('MemberLedgerPage');

export const MemberSchema = z.object({
  profile: z.object({
    id: z.string(), email: z.string(), username: z.string().nullable(),
    firstName: z.string().nullable(), lastName: z.string().nullable(),
    phoneNumber: z.string().nullable(), zipCode: z.string().nullable(),
    birthday: z.string().nullable(), birthdaySetAt: z.string().nullable(), birthdayChanges: z.number().int(),
    avatarUrl: z.string().nullable(),
    properties: z.record(z.string(), z.unknown()).openapi({ description: "The supporter's properties (membership among them)." }),
    membershipChosenAt: z.string().nullable(), welcomedAt: z.string().nullable(),
    createdAt: z.string(), updatedAt: z.string(),
  }),
  blocked: z.object({ blockedAt: z.string().nullable(), blockedReason: z.string().nullable() }),
  points: z.number().int(),
  lifetimePoints: z.number().int(),
  rank: RankSchema,
  consents: z.array(z.object({
    consentId: z.string(), key: z.string(), name: z.string(),
    value: z.boolean().nullable().openapi({ description: 'The current answer; null: never answered.' }),
    updatedAt: z.string().nullable(),
  })),
  consentHistory: z.array(z.object({ id: z.string(), consentId: z.string(), key: z.string(), name: z.string(), value: z.boolean(), createdAt: z.string() })),
  ledger: MemberLedgerPageSchema,
  entries: z.array(z.object({
    id: z.string(), sweepstakeId: z.string(), title: z.string(), tickets: z.number().int(), pointsSpent: z.number().int(),
    refundedAt: z.string().nullable(), createdAt: z.string(),
  })),
  badges: z.array(z.object({ activationId: z.string(), name: z.string(), image: z.string(), activation: z.string(), earnedAt: z.string() })),
  sessions: z.array(z.object({
    id: z.string(), startedAt: z.string(), expiresAt: z.string(), endedAt: z.string().nullable(),
    active: z.boolean().openapi({ description: 'Neither ended nor expired.' }),
  })),
  signIns: z.array(z.object({
    id: z.string(), requestedAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable(),
    attempts: z.number().int().openapi({ description: 'Wrong codes tried.' }),
  })),
}).openapi('Member');

export type MemberSummary = z.infer<typeof MemberSummarySchema>;
export type Member = z.infer<typeof MemberSchema>;
export type MemberLedgerPage = z.infer<typeof MemberLedgerPageSchema>;
