import { test as base, type BrowserContextOptions } from '@playwright/test';
import { BASE_URL } from './ports.ts';
import { freshEmail, onboard, signInThroughApi } from './sign-in.ts';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * `test.use({ signedIn: true })`: the test's browser starts signed in as this worker's supporter (onboarded, an
 * adult), signed in once per worker through the API and handed over as Playwright's `storageState`. For tests that
 * only look at what a supporter sees; a test that changes its supporter (a check-in, points, a consent) signs in
 * one of its own (signInOnboarded), so no test sees another's changes.
 */
export const test = base.extend<{ signedIn: boolean }, { supporterState: StorageState }>({
  signedIn: [false, { option: true }],
  supporterState: [async ({ browser }, use, workerInfo) => {
    const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL ?? BASE_URL });
    await signInThroughApi(context, freshEmail(`worker-${workerInfo.workerIndex}`));
    await onboard(context.request);
    const state = await context.storageState();
    await context.close();
    await use(state);
  }, { scope: 'worker' }],
  storageState: async ({ signedIn, supporterState, storageState }, use) => {
    await use(signedIn ? supporterState : storageState);
  },
});
