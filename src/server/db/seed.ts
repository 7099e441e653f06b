import type { Db } from './connection.ts';
import { addLaterDemoContent, addLaterDemoSettings, DEMO_PUBLIC_KEY, seedDemoOrganization } from '../organization/demo.ts';
import { seedDemoSweepstakes } from '../sweepstakes/sweepstake.demo.ts';

/**
 * Seeds the demo content into an empty database; later features add their own demo data here. A
 * database that has data gets only the demo settings and content added since it was made (none are overwritten).
 */
export async function seedDemo(db: Db, publicKey = DEMO_PUBLIC_KEY): Promise<boolean> {
  const seeded = await seedDemoOrganization(db, publicKey);
  if (!seeded) {
    await addLaterDemoSettings(db, publicKey);
    await addLaterDemoContent(db, publicKey);
  }
  // Outside the organization's transaction (the drawn demo sweepstake runs transactions of its own);
  // a demo database made before sweepstakes existed gets them at its next start.
  await seedDemoSweepstakes(db, publicKey);
  return seeded;
}
