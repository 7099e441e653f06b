import { defineConfig } from '@playwright/test';

import { APP_PORT as PORT, BASE_URL, CONSOLE_PORT, CONSOLE_URL, SINK_HTTP_PORT, SMTP_PORT } from './tests/e2e/support/ports.ts';

// E2E_BASE_URL points the suite at a server you already run (e.g. `astro dev`) instead of the build.
const external = process.env['E2E_BASE_URL'];
export { BASE_URL };

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder as it starts: not test-results/ itself, where npm test's other lanes
  // keep their logs while it runs.
  outputDir: 'test-results/e2e',
  // 60 s a test, not Playwright's 30: on a busy CI machine five times slower than this one, a 6 s journey (a sign-in,
  // two saves, four visitors' pages) ran out of 30 s. A passing test waits no longer.
  timeout: 60_000,
  // An expectation waits for its signal up to 10 s, not Playwright's 5: the tests share two cores with Vitest and the
  // fuzz (npm test's lanes), and a slower machine than this one stretches every wait. A passing test waits no longer.
  expect: { timeout: 10_000 },
  forbidOnly: true,
  retries: 0,
  // Three workers: the console's one and the supporters' two (each project's own limit below).
  workers: 3,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // The console's specs publish content every supporter would see (a live poll, an article, a reward card): they
  // run against a server and a database of their own, beside the supporters' specs, which count the demo's content.
  // `metadata.database` is the project's server's SQLite file (tests/e2e/support/database.ts).
  // The console's specs take one worker of their own, from the start: their journey (admin-journey.spec.ts) spends
  // most of its two minutes waiting for a scheduled poll's minute, and on one of two shared workers it left the
  // supporters' specs one worker for that long. Three workers shared by both let the supporters' specs run three at
  // a time once the console's were done, and on two cores one of their waits timed out.
  projects: [
    { name: 'console', workers: 1, testMatch: /admin-[^/]*\.spec\.ts$/, use: { baseURL: CONSOLE_URL }, metadata: { database: './.e2e-console/terrace.db' } },
    { name: 'supporters', workers: 2, testIgnore: /admin-[^/]*\.spec\.ts$/, metadata: { database: './.e2e-data/terrace.db' } },
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    // The service worker (issue 26) would answer requests a spec routes or counts; tests/e2e/offline.spec.ts
    // allows it, and every other spec tests the pages as the network serves them.
    serviceWorkers: 'block',
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell), the lighter build made for automation: the
      // whole suite took a third of the CPU time it takes in the full browser's headless mode (1,016 test-seconds
      // against 2,986). The performance scripts keep the full browser (CHROME_PATH): they measure what a phone gets.
      executablePath: process.env['E2E_CHROME_PATH'] ?? '/usr/bin/chromium-headless-shell',
      // Site isolation off: one renderer process serves a test's pages and frames instead of one per site, which on
      // this suite's 2-core machines took the every-page suite from 237 to 208 CPU-s. The app's own isolation (CSP,
      // frame-ancestors, cookies) is tested by its headers, not by Chromium's process model.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-features=site-per-process,IsolateOrigins', '--disable-site-isolation-trials', '--disable-dev-shm-usage'],
    },
  },
  // A real SMTP server, then two built servers started the way `npm start` starts them (the supporters' and the
  // console's), each on a fresh SQLite database and media folder, sending their mail to that SMTP server.
  webServer: external ? [] : [
    {
      command: 'node tests/e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${SINK_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...[
      // Its JSON log goes to a file that tests/e2e/logs.spec.ts reads for secrets.
      { folder: '.e2e-data', port: PORT, url: BASE_URL },
      { folder: '.e2e-console', port: CONSOLE_PORT, url: CONSOLE_URL },
    ].map(({ folder, port, url }) => ({
      command: `rm -rf ${folder} && mkdir -p ${folder} && node scripts/start.ts > ${folder}/server.log 2>&1`,
      url: `${url}/api/health`,
      env: {
        PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:./${folder}/terrace.db`, MEDIA_DIR: `./${folder}/media`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, PUBLIC_URL: url,
        // Every test signs in from 127.0.0.1: the suite asks for more codes in 15 minutes than one address may.
        SIGN_IN_CODES_PER_IP: '2000',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
  ],
});
