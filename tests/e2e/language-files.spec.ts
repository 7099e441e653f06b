import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Spec section 7: "Language files are loaded per locale." One word of each file, found nowhere else.
const SPANISH = 'Visita diaria';
const ENGLISH = 'Daily check-in';
const server = resolve(import.meta.dirname, '../../dist/server');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? modules(path) : entry.name.endsWith('.mjs') ? [path] : [];
  });
}

test("the built server holds each locale's messages in a chunk of its own, which nothing imports statically", () => {
  // The suite's server has built dist/ (scripts/start.ts) before any test runs; astro.config.mjs fails
  // that build on INEFFECTIVE_DYNAMIC_IMPORT, the warning a static import of a message file gives.
  const files = modules(server).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  for (const [word, other] of [[SPANISH, ENGLISH], [ENGLISH, SPANISH]] as const) {
    const holders = files.filter((f) => f.text.includes(word));
    expect(holders.map((f) => f.path.slice(server.length)), word).toHaveLength(1);
    const chunk = holders[0]!;
    expect(chunk.text.includes(other), `${word} shares its chunk with ${other}`).toBe(false);
    const name = chunk.path.split('/').pop()!.replace(/\./g, '\\.');
    const staticImport = new RegExp(`(?:from\\s*|import\\s*)["'][^"']*/${name}["']`);
    const dynamicImport = new RegExp(`import\\(\\s*["'][^"']*/${name}["']\\s*\\)`);
    expect(files.filter((f) => staticImport.test(f.text)).map((f) => f.path.slice(server.length)), word).toEqual([]);
    expect(files.some((f) => dynamicImport.test(f.text)), `${word}'s chunk is loaded by import()`).toBe(true);
  }
});

test('an English page fetches no Spanish words, and a Spanish page shows them', async ({ page, context }) => {
  await signInOnboarded(page, 'english-only');
  const reads: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (['script', 'fetch', 'xhr'].includes(response.request().resourceType())) reads.push(response.text().catch(() => ''));
  });
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: ENGLISH });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(reads);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((text) => text.includes(SPANISH))).toEqual([]);
  expect(await page.content()).not.toContain(SPANISH);

  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: BASE_URL }]);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: SPANISH })).toBeVisible();
});
