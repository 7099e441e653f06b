import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { DEMO_NAME } from '../organization/demo.ts';
import { findOrganizationByPublicKey } from '../organization/organization.repository.ts';
import { findUserByEmail, insertUser, updateUserProfile } from '../users/user.repository.ts';
import { opaqueId } from './sweepstake.entry.ts';
import { drawWinnersOnce } from './sweepstake.operator.ts';
import { addTickets, countSweepstakes, findSweepstakeRowById, FREE_REQUEST, insertEntry, listWinnerRows, markNotified } from './sweepstake.repository.ts';
import { createSweepstake, freezeIfDue, type NewSweepstake } from './sweepstake.service.ts';

const DAY = 86_400_000;

type Demo = Omit<NewSweepstake, 'organizationId' | 'startsAt' | 'endsAt'> & { startsInDays: number; endsInDays: number };

/**
 * Terrace FC's demo sweepstakes (club content: stays in English): two live ones with different costs and
 * caps, one coming soon, one ended and drawn. Pictures: public/images/sweepstakes/ (scripts/pictures/sweepstake-images.ts).
 */
const DEMO_SWEEPSTAKES: ReadonlyArray<Demo> = [
  {
    slug: 'signed-home-shirt', title: 'A signed home shirt', mediaId: 'signed-shirt',
    description: 'This season’s home shirt, signed by the whole first-team squad after the last home game of the year. Framed, or ready to wear: your choice.',
    prize: 'a 2026/27 home shirt signed by the first-team squad', prizeValue: 250, currency: 'GBP', sponsor: 'Terrace FC Club Shop',
    costPerEntry: 50, maxEntriesPerSupporter: 10, winnerCount: 1, startsInDays: -3, endsInDays: 10,
  },
  {
    slug: 'matchday-hospitality', title: 'Boxing Day hospitality for two', mediaId: 'hospitality',
    description: 'Two seats in the Riverside Lounge for the Boxing Day derby against Millbank Rovers, with a three-course lunch, a matchday programme and the best view of the North Stand.',
    prize: 'two Riverside Lounge seats with lunch for the Boxing Day derby', prizeValue: 360, currency: 'GBP', sponsor: 'Harbour Brewing Co.',
    costPerEntry: 150, maxEntriesPerSupporter: 4, winnerCount: 2, startsInDays: -1, endsInDays: 5,
  },
  {
    slug: 'training-ground-day', title: 'A day at the training ground', mediaId: 'training-ground',
    description: 'Watch a first-team session at the Ironside Road training ground, then lunch with the players and a signed ball to take home. For you and a friend.',
    prize: 'a training-ground visit for two with lunch and a signed ball', prizeValue: 500, currency: 'GBP', sponsor: 'Terrace FC Foundation',
    costPerEntry: 100, maxEntriesPerSupporter: 8, winnerCount: 3, startsInDays: 4, endsInDays: 18,
  },
  {
    slug: 'away-day-coach', title: 'Away day on the team coach', mediaId: 'away-coach',
    description: 'Two seats on the team coach to Harbour Town, with the squad, a packed lunch and tickets in the away end.',
    prize: 'two seats on the team coach to Harbour Town, with away tickets', prizeValue: 180, currency: 'GBP', sponsor: 'Riverside Coaches',
    costPerEntry: 40, maxEntriesPerSupporter: 10, winnerCount: 2, startsInDays: -20, endsInDays: -4,
  },
];

/** Supporters who entered the drawn demo sweepstake with their free entry (fictional). */
const DEMO_ENTRANTS = [
  ['Ada', 'Lowe'], ['Ben', 'Okafor'], ['Cara', 'Nguyen'], ['Dev', 'Patel'], ['Ellie', 'Marsh'], ['Finn', 'Doyle'],
  ['Grace', 'Ito'], ['Hamza', 'Reid'], ['Isla', 'Brennan'], ['Jonah', 'Kerr'], ['Kemi', 'Adeyemi'], ['Luca', 'Ferri'],
] as const;

const DEMO_ENTRANT_BIRTHDAY = '1988-03-14';

async function demoEntrant(db: Db, organizationId: string, [first, last]: readonly [string, string], now: Date): Promise<string> {
  const email = `${first}.${last}@supporters.terracefc.example`.toLowerCase();
  const existing = await findUserByEmail(db, organizationId, email);
  if (existing) return existing.id;
  const id = randomUUID();
  await insertUser(db, { id, organization_id: organizationId, email, now: now.toISOString() });
  // Adults: without a birthday the under-18 rules apply, and they would not have been let in.
  await updateUserProfile(db, id, {
    first_name: first, last_name: last, birthday: DEMO_ENTRANT_BIRTHDAY, birthday_set_at: now.toISOString(), updated_at: now.toISOString(),
  });
  return id;
}

/**
 * Seeds the demo sweepstakes into the demo organization when it has none (a new demo database, or one
 * made before sweepstakes existed, at the next start). The ended one gets its entrants' free entries,
 * its frozen list and its draw; its fictional winners count as told.
 */
export async function seedDemoSweepstakes(db: Db, publicKey: string, now = new Date()): Promise<boolean> {
  const organization = await findOrganizationByPublicKey(db, publicKey);
  if (!organization || organization.name !== DEMO_NAME || (await countSweepstakes(db, organization.id)) > 0) return false;
  for (const { startsInDays, endsInDays, ...demo } of DEMO_SWEEPSTAKES) {
    const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
    const row = await createSweepstake(db, { ...demo, organizationId: organization.id, startsAt: at(startsInDays), endsAt: at(endsInDays) }, now);
    if (endsInDays >= 0) continue;
    for (const [i, name] of DEMO_ENTRANTS.entries()) {
      const userId = await demoEntrant(db, organization.id, name, now);
      await addTickets(db, row.id, 1);
      await insertEntry(db, {
        id: opaqueId(), sweepstake_id: row.id, user_id: userId, holder: opaqueId(), tickets: 1, points_spent: 0,
        request_key: FREE_REQUEST, ledger_key: null, refunded_at: null, created_at: new Date(Date.parse(row.starts_at) + (i + 1) * 3_600_000).toISOString(),
      });
    }
    const frozen = await freezeIfDue(db, (await findSweepstakeRowById(db, row.id))!, now);
    await drawWinnersOnce(db, frozen, now);
    for (const winner of await listWinnerRows(db, [row.id])) await markNotified(db, row.id, Number(winner.position), now.toISOString());
  }
  return true;
}
