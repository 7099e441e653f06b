import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';

// Issue 26, point 6: a draw anyone can check in the browser. /sweepstakes/{id}/verify reads the public record,
// redoes the draw in the visitor's browser with the code the server drew with (src/shared/draw.ts), and says
// "these are the winners" or exactly what does not match. The tampered records are saved by the page itself
// ("Save this record"), changed, and pasted back: Terrace's own API is never faked.

const DRAWN = '/sweepstakes/away-day-coach';
const VERIFY = `${DRAWN}/verify`;

const result = (page: Page) => page.getByRole('region', { name: 'The result' });
const saved = (page: Page) => page.getByRole('region', { name: 'Check a saved record' });

interface SavedRecord {
  sweepstake: { seed: string; winners: Array<{ position: number; entryId: string }> };
  entries: { entries: Array<{ entryId: string; holder: string; tickets: number }> };
}

async function saveRecord(page: Page): Promise<SavedRecord> {
  const download = page.waitForEvent('download');
  await result(page).getByRole('button', { name: 'Save this record' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('away-day-coach-draw.json');
  return JSON.parse(await readFile(await file.path(), 'utf8')) as SavedRecord;
}

async function pasteAndCheck(page: Page, record: unknown) {
  await saved(page).getByLabel('The saved record (JSON)').fill(typeof record === 'string' ? record : JSON.stringify(record));
  await saved(page).getByRole('button', { name: 'Check this record' }).click();
}

test('the sweepstake page links to the check, which finds the published winners, signed out', async ({ page }) => {
  // The island loads as every island does: no inline script, nothing the page's CSP refuses.
  const refused: string[] = [];
  page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) refused.push(message.text()); });
  await page.goto(DRAWN);
  await expect(page.getByText(/npm run verify-draw|README/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Check the draw in your browser' }).click();
  await expect(page).toHaveURL(`${BASE_URL}${VERIFY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Away day on the team coach' })).toBeVisible();

  const verdict = result(page).locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'match');
  await expect(result(page)).toContainText('These are the winners.');
  await expect(result(page)).toContainText('Seed: its fingerprint is the commitment published from the start.');
  await expect(result(page)).toContainText('Entry list: its 12 lines have the published fingerprint.');
  await expect(result(page).locator('[data-ok="false"]')).toHaveCount(0);
  // The winners it recomputed are the ones the page publishes, entry by entry.
  const published = await page.locator('[data-published-winners] li').allInnerTexts();
  expect(published).toHaveLength(2);
  for (const [i, text] of published.entries()) {
    const entry = /Entry (\S+)/.exec(text)![1]!;
    await expect(result(page).locator('[data-step="winner"]').nth(i)).toContainText(`Winner ${i + 1}: ticket`);
    await expect(result(page).locator('[data-step="winner"]').nth(i)).toContainText(`is entry ${entry}, as published.`);
  }
  // The record on the page is the one the draw was checked against.
  await expect(page.getByRole('region', { name: 'The public record' })).toContainText((await saveRecord(page)).sweepstake.seed);
  expect(refused).toEqual([]);
});

test('a saved record checks the same; a changed seed, entry list or winner fails, saying what does not match', async ({ page }) => {
  await page.goto(VERIFY);
  await expect(result(page)).toContainText('These are the winners.');
  const record = await saveRecord(page);

  await pasteAndCheck(page, record);
  await expect(saved(page).locator('[data-verdict]')).toHaveAttribute('data-verdict', 'match');

  // Another seed: not the one committed to from the start.
  const last = record.sweepstake.seed.at(-1) === '0' ? '1' : '0';
  await pasteAndCheck(page, { ...record, sweepstake: { ...record.sweepstake, seed: `${record.sweepstake.seed.slice(0, -1)}${last}` } });
  await expect(saved(page).locator('[data-verdict]')).toHaveAttribute('data-verdict', 'mismatch');
  await expect(saved(page)).toContainText('This does not match.');
  await expect(saved(page).locator('[data-step="seed"]')).toContainText('Seed: its fingerprint is not the commitment published from the start.');
  await expect(saved(page).locator('[data-step="seed"]')).toHaveAttribute('data-ok', 'false');

  // One more ticket slipped into the list after it was frozen.
  const entries = record.entries.entries.map((e, i) => (i === 0 ? { ...e, tickets: e.tickets + 1 } : e));
  await pasteAndCheck(page, { ...record, entries: { ...record.entries, entries } });
  await expect(saved(page).locator('[data-step="list"]')).toContainText('Entry list: its 12 lines do not have the published fingerprint.');
  await expect(saved(page).locator('[data-step="seed"]')).toHaveAttribute('data-ok', 'true');

  // A published winner swapped for another entry.
  const other = record.entries.entries.find((e) => !record.sweepstake.winners.some((w) => w.entryId === e.entryId))!;
  const winners = record.sweepstake.winners.map((w) => (w.position === 1 ? { ...w, entryId: other.entryId } : w));
  await pasteAndCheck(page, { ...record, sweepstake: { ...record.sweepstake, winners } });
  const first = saved(page).locator('[data-step="winner"]').first();
  await expect(first).toHaveAttribute('data-ok', 'false');
  await expect(first).toContainText(`Winner 1: the draw gives entry ${record.sweepstake.winners[0]!.entryId}`);
  await expect(first).toContainText(`but the published winner is entry ${other.entryId}.`);

  await pasteAndCheck(page, 'not a record');
  await expect(saved(page)).toContainText('This is not a saved draw record');
});

test('without JavaScript the page says checking needs it, and still shows the record and the winners', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(VERIFY);
    await expect(page.getByText('Checking the draw needs JavaScript, which is off in this browser.')).toBeVisible();
    await expect(page.locator('[data-published-winners] li')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'The public record' })).toContainText('Seed');
    await expect(page.getByRole('region', { name: 'The result' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('in Spanish, and an undrawn sweepstake has nothing to check yet', async ({ page, context }) => {
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
  await page.goto(VERIFY);
  await expect(page.getByRole('region', { name: 'El resultado' })).toContainText('Estos son los ganadores.');
  await page.goto('/sweepstakes/signed-home-shirt/verify');
  await expect(page.locator('[data-verify-state="not-drawn"]')).toContainText('Aún no se ha sorteado');
  expect((await page.goto('/sweepstakes/no-such-draw/verify'))?.status()).toBe(404);
});
