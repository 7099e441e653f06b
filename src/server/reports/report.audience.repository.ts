import { sql, type RawBuilder } from 'kysely';
import type { Period } from './report.periods.ts';

// The reports' SQL pieces every report's statement shares: who is counted, and which local day a time falls in.
// One statement a figure, the same text on SQLite and PostgreSQL. Periods arrive as a
// list of ISO instants (./report.periods.ts), so the time zone never enters the SQL; a range is one index
// range on `created_at` (migration 028).

/** Who is counted: the organization's supporters, less its staff (DESIGN.md, "The operator side"). */
export interface Audience {
  organizationId: string;
  /** The internalDomains setting: the club's own people sign in with these addresses. */
  internalDomains: readonly string[];
}

/**
 * The supporter `u` is counted: of the organization, not an operator's address (the same test the
 * sweepstake entry makes), and not at one of the club's internal domains.
 */
export function supporterOf(audience: Audience): RawBuilder<unknown> {
  const domains = audience.internalDomains.map((domain) => sql`u.email like ${`%@${domain}`}`);
  return sql`u.organization_id = ${audience.organizationId}
    and not exists (select 1 from operators o where o.organization_id = u.organization_id and o.email = u.email)
    ${domains.length ? sql`and not (${sql.join(domains, sql` or `)})` : sql``}`;
}

/**
 * The period `column` falls in, as a CASE over the periods' ends: with the whole range as one index range
 * (`within`), each row is bucketed where it is read. (Joining a VALUES list of periods made PostgreSQL scan
 * the ledger once per period.)
 */
export const periodOf = (column: RawBuilder<unknown>, periods: readonly Period[]) =>
  sql`case ${sql.join(periods.map((p) => sql`when ${column} < ${p.end} then ${p.label}`), sql` `)} end`;
export const within = (column: RawBuilder<unknown>, periods: readonly Period[]) =>
  sql`${column} >= ${periods[0]!.start} and ${column} < ${periods.at(-1)!.end}`;

export type Count = number | string | bigint | null;
export const n = (value: Count): number => Number(value ?? 0);

