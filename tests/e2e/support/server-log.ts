import { readFileSync } from 'node:fs';

/** The suite's server's JSON log (its stdout, kept there by playwright.config.ts): a line per request, in order. */
const SERVER_LOG = '.e2e-data/server.log';

/** What the suite's server has logged so far. */
export function serverLog(): string {
  return readFileSync(SERVER_LOG, 'utf8');
}
