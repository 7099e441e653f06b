import { defineConfig } from '@playwright/test';

import { APP_PORT as PORT, BASE_URL, SINK_HTTP_PORT, SMTP_PORT } from './tests/e2e/support/ports.ts';

// E2E_BASE_URL points the suite at a server you already run (e.g. `astro dev`) instead of the build.
const external = process.env['E2E_BASE_URL'];
export { BASE_URL };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // The console's specs publish content every supporter then sees (a live poll, an article, a reward card) in
  // the one database the suite shares: they run after the supporters' specs, which count the demo's content.
  projects: [
    { name: 'supporters', testIgnore: /admin-[^/]*\.spec\.ts$/ },
    { name: 'console', testMatch: /admin-[^/]*\.spec\.ts$/, dependencies: ['supporters'] },
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // A real SMTP server, then the built server started the way `npm start` starts it, on a fresh
  // SQLite database, sending its mail to that SMTP server.
  webServer: external ? [] : [
    {
      command: 'node tests/e2e/support/smtp-sink.ts',
      url: `http://127.0.0.1:${SINK_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Its JSON log goes to a file that tests/e2e/logs.spec.ts reads for secrets.
      command: 'rm -rf .e2e-data && mkdir -p .e2e-data && node scripts/start.ts > .e2e-data/server.log 2>&1',
      url: `${BASE_URL}/api/health`,
      env: {
        PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: 'file:./.e2e-data/terrace.db',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, PUBLIC_URL: BASE_URL,
        // Every test signs in from 127.0.0.1: the suite asks for more codes in 15 minutes than one address may.
        SIGN_IN_CODES_PER_IP: '2000',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
