import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: string | undefined;
const withAxe = new WeakSet<BrowserContext>();

/**
 * axe-core in every frame of the page. Each context is given axe once, as a script every new document runs
 * before its own (Playwright's init script): @axe-core/playwright's AxeBuilder sent its 638 KB source through the
 * protocol twice per check, and parsing and compiling it was half the CPU of a check. A document that was open
 * before (or runs no script: javaScriptEnabled false) is given it on the spot.
 */
async function prepare(page: Page): Promise<void> {
  const context = page.context();
  if (!withAxe.has(context)) {
    withAxe.add(context);
    await context.addInitScript({ path: AXE_SOURCE });
  }
  for (const frame of page.frames()) {
    // A frame that went away, or that a navigation replaced, is not checked (as AxeBuilder skipped it).
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate((source ??= readFileSync(AXE_SOURCE, 'utf8'))).catch(() => undefined);
  }
}

/**
 * axe's results on the page (or within `include`), optionally only for the rules tagged `tags`: the one way every
 * spec and `npm run a11y:statement` (tests/a11y/statement.ts) run axe.
 *
 * axe.run in the page itself, collecting the nodes of violations only (resultTypes; the other lists still name
 * every rule run): @axe-core/playwright's default finished every run by opening a new blank page in the browser
 * context (finishRun), a new renderer process per check, about 70% of the CPU of every-page.spec.ts.
 */
export async function axeRun(page: Page, { include, tags }: { include?: string; tags?: string[] } = {}): Promise<AxeResults> {
  await prepare(page);
  return page.evaluate(({ include, tags }) => (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(
    include === undefined ? document : { include: [include] },
    { resultTypes: ['violations'], ...(tags === undefined ? {} : { runOnly: { type: 'tag', values: tags } }) },
  ), { include, tags });
}

/** axe's violations on the page (or within `include`), optionally only for the rules tagged `tags`. */
export async function axeViolations(page: Page, options: { include?: string; tags?: string[] } = {}): Promise<Result[]> {
  return (await axeRun(page, options)).violations;
}

/** The serious and critical violations, each as "<rule id>: <up to three targets joined by ' | '>". */
function serious(violations: Result[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** The serious and critical violations on the page, as `serious` words them. */
export async function seriousViolations(page: Page, options?: { include?: string; tags?: string[] }): Promise<string[]> {
  return serious(await axeViolations(page, options));
}
