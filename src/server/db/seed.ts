import type { Db } from './connection.ts';
import { seedDemoOrganization } from '../organization/demo.ts';

/** Seeds the demo content into an empty database; later features add their own demo data here. */
export async function seedDemo(db: Db, publicKey?: string): Promise<boolean> {
  return seedDemoOrganization(db, publicKey);
}
