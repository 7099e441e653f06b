import { operatorKey } from './operators.ts';
import { newSupporter } from './sweepstakes.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** What the console's role tests start from: a test app (its owner's key is `ownerKey`), an editor's and support's API keys, and a supporter's token. */
export async function staffTestApp(): Promise<{ t: TestApp; editor: string; support: string; supporter: string }> {
  const t = await createTestApp();
  return {
    t,
    editor: await operatorKey(t.testDb.db, 'editor'),
    support: await operatorKey(t.testDb.db, 'support'),
    supporter: (await newSupporter(t)).token,
  };
}
