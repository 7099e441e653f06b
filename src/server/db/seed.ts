import type { Db } from './connection.ts';
import { addLaterDemoContent, addLaterDemoSettings, seedDemoOrganization } from '../organization/demo.ts';

/**
 * Seeds the demo content into an empty database; later features add their own demo data here. A
 * database that has data gets only the demo settings and content added since it was made (none are overwritten).
 */
export async function seedDemo(db: Db, publicKey?: string): Promise<boolean> {
  if (await seedDemoOrganization(db, publicKey)) return true;
  await addLaterDemoSettings(db, publicKey);
  await addLaterDemoContent(db, publicKey);
  return false;
}
