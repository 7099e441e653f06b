// What `npm run scale` adds to the club of big-club.ts before it measures (scripts/perf/scale.ts): the boards of
// leaderboards.ts, a prize and a poll the size of the club next to a prize and a poll of 10,000 (prize-scale.ts's
// fillers), a supporter with a long history, voters and their sessions, and a member of staff signed in to the
// console. Everything by SQL or the services, as the other perf scripts build; nothing through the server.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connection.ts';
import { hashToken, newSessionToken } from '../../src/server/auth/secrets.ts';
import { addOperator, openOperatorSession } from '../../src/server/operators/operator.service.ts';
import { openSession } from '../../src/server/session/session.service.ts';
import { createSweepstake } from '../../src/server/sweepstakes/sweepstake.service.ts';
import { cliActor } from '../../src/server/testing/operators.ts';
import { fillSweepstake, pollWithVotes } from '../../tests/perf/prize-scale.ts';
import { timed } from './big-club.ts';
import { fillBoards } from './leaderboards.ts';

/** The "cost at 10k": the small prize and poll measured beside the big ones. */
export const SMALL = 10_000;
/** Ledger rows of the supporter whose history is read deep (40 pages of 20 need 800). */
const LONG_HISTORY = 1_000;
/** Voters, each with a session of their own: a supporter votes once a poll. */
export const VOTERS = 6_000;
const HOUR = 3_600_000;
/** Supporter perf-7: not staff (every 20,000th is), on the season's board, has entered and voted on both sides. */
const FAN = 'perf-7';
const STAFF_EMAIL = 'scale.owner@club.test';

export interface Side { sweepstakeId: string; slug: string; pollId: string; size: number }

export interface ScaleClub {
  /** The session token of the supporter whose pages are read. */
  fan: string;
  /** Session tokens of supporters who have voted nowhere yet. */
  voters: string[];
  /** A console session of an owner (the `terrace_console` cookie, or a bearer for /api/admin). */
  staff: string;
  small: Side;
  big: Side;
}

const onboarded = { properties: JSON.stringify({ membership: 'entry' }), birthday: '1990-01-01' };

async function side(db: Db, org: string, template: Record<string, unknown>, tag: string, size: number): Promise<Side> {
  const slug = `scale-${tag}-${randomBytes(3).toString('hex')}`;
  const row = await createSweepstake(db, {
    organizationId: org, slug, title: `Scale ${tag}`, description: 'A prize for the measurement.', prize: 'a scarf', prizeValue: 20,
    currency: 'GBP', sponsor: 'Terrace FC', mediaId: null, costPerEntry: 10, maxEntriesPerSupporter: 5, winnerCount: 3,
    startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  });
  await fillSweepstake(db, true, row.id, 'perf-', size);
  return { sweepstakeId: row.id, slug, pollId: await pollWithVotes(db, template, tag, size, 'perf-'), size };
}

/** `count` new supporters who chose their membership and saw the welcome, and a session each; answers the tokens. */
async function votersWithSessions(db: Db, org: string, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * HOUR).toISOString();
  // A run's own voters: a kept club measured again (--measure) gets new ones.
  const prefix = `voter-${randomBytes(3).toString('hex')}-`;
  await sql`insert into users (id, organization_id, email, properties, birthday, membership_chosen_at, welcomed_at, created_at, updated_at)
    select ${prefix} || i, ${org}, ${prefix} || i || '@fans.example', ${onboarded.properties}, ${onboarded.birthday}, ${now}, ${now}, ${now}, ${now}
    from generate_series(1, ${count}::int) i`.execute(db);
  const tokens = Array.from({ length: count }, () => newSessionToken());
  for (let start = 0; start < count; start += 1_000) {
    await db.insertInto('sessions').values(tokens.slice(start, start + 1_000).map((token, i) => ({
      id: `${prefix}session-${start + i + 1}`, token_hash: hashToken(token), user_id: `${prefix}${start + i + 1}`, created_at: now, expires_at: expires, ended_at: null,
    }))).execute();
  }
  return tokens;
}

/** The sessions a run uses: the supporter whose pages are read, voters, and the owner in the console. */
async function sessions(db: Db, org: string): Promise<Pick<ScaleClub, 'fan' | 'voters' | 'staff'>> {
  return {
    fan: (await openSession(db, FAN, new Date())).token,
    voters: await votersWithSessions(db, org, VOTERS),
    staff: (await openOperatorSession(db, org, STAFF_EMAIL, new Date())).token,
  };
}

export async function buildScaleClub(db: Db, org: string, users: number): Promise<ScaleClub> {
  const { time_zone } = await db.selectFrom('organizations').select('time_zone').where('id', '=', org).executeTakeFirstOrThrow();
  await fillBoards(db, { id: org, time_zone }, users);
  const template = await db.selectFrom('challenges').selectAll().where('organization_id', '=', org).where('subtype', '=', 'poll')
    .where('expires_on', '>', new Date(Date.now() + 24 * HOUR).toISOString()).executeTakeFirstOrThrow();
  const [small, big] = await timed(`prizes and polls of ${SMALL.toLocaleString('en')} and ${users.toLocaleString('en')}`, async () => [
    await side(db, org, template, 'small', Math.min(SMALL, users)),
    await side(db, org, template, 'big', users),
  ]);
  const now = new Date().toISOString();
  await db.updateTable('users').set({ ...onboarded, membership_chosen_at: now, welcomed_at: now }).where('id', '=', FAN).execute();
  // A long history in the ledger's own shape, spread over the last 200 days (the balance columns are not read by a page).
  await sql`insert into ledger_entries (id, user_id, amount, kind, reference, idempotency_key, balance_after, lifetime_after, created_at)
    select 'scale-history-' || i, ${FAN}, 10, 'checkin', null, 'scale-history-' || i, 0, 0,
      to_char((now() - interval '200 days' * (i::float8 / ${LONG_HISTORY}::float8)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from generate_series(1, ${LONG_HISTORY}::int) i`.execute(db);
  await addOperator(db, { actor: await cliActor(db) }, { email: STAFF_EMAIL, role: 'owner' });
  // As autovacuum would have by the time a prize ends: the list's pages all-visible, so it is read from its index alone.
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  return { ...await sessions(db, org), small, big };
}

/**
 * A club a --keep run left, made ready to measure again: both prizes live again with nothing frozen or drawn, new
 * voters and sessions (the votes of the last run stay: a vote is one more answer among a million).
 */
export async function reopenScaleClub(db: Db, org: string): Promise<ScaleClub> {
  const find = async (tag: string): Promise<Side> => {
    const prize = await db.selectFrom('sweepstakes').select(['id', 'slug']).where('organization_id', '=', org).where('slug', 'like', `scale-${tag}-%`).executeTakeFirstOrThrow();
    const poll = await db.selectFrom('challenges').select('id').where('organization_id', '=', org).where('id', 'like', `scale-poll-${tag}-%`).executeTakeFirstOrThrow();
    const { n } = await db.selectFrom('sweepstake_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('sweepstake_id', '=', prize.id).executeTakeFirstOrThrow();
    await db.deleteFrom('sweepstake_winners').where('sweepstake_id', '=', prize.id).execute();
    await db.updateTable('sweepstakes').set({
      ends_at: new Date(Date.now() + 24 * HOUR).toISOString(), frozen_at: null, entries_hash: null, published_entries: null, drawn_at: null, beacon_value: null,
    }).where('id', '=', prize.id).execute();
    return { sweepstakeId: prize.id, slug: prize.slug, pollId: poll.id, size: Number(n) };
  };
  return { ...await sessions(db, org), small: await find('small'), big: await find('big') };
}
