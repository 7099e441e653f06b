// The end-to-end run's ports. E2E_PORT moves the whole set, so two checkouts can run the suite at once
// (`npm test` picks a free set itself, scripts/test.ts): APP_PORT - PORTS_BELOW .. APP_PORT + PORTS_ABOVE.
export const PORTS_BELOW = 3;
export const PORTS_ABOVE = 99;
export const APP_PORT = Number(process.env['E2E_PORT'] ?? 4390);
export const SMTP_PORT = APP_PORT - 3;
export const SINK_HTTP_PORT = APP_PORT - 2;
export const BASE_URL = process.env['E2E_BASE_URL'] ?? `http://127.0.0.1:${APP_PORT}`;
/** The console's specs have a server and a database of their own (playwright.config.ts): what they publish stays there. */
export const CONSOLE_PORT = APP_PORT - 1;
export const CONSOLE_URL = process.env['E2E_BASE_URL'] ?? `http://127.0.0.1:${CONSOLE_PORT}`;
