import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe's violations on the page (or within `include`), optionally only for the rules tagged `tags`.
 *
 * Single-pass ("legacy") mode: AxeBuilder's default finishes every run by opening a new blank page in the
 * browser context (finishRun), a new renderer process per check. That was about 70% of the CPU of
 * every-page.spec.ts (122 pages: 343 CPU-s with axe, 97 without); running axe.run in the page itself and
 * collecting only violations (resultTypes) took the same spec to 232 CPU-s. Passes and incomplete results
 * are therefore not collected in full: only the violations are meant to be read.
 */
export async function axeViolations(page: Page, { include, tags }: { include?: string; tags?: string[] } = {}): Promise<Violation[]> {
  // options() replaces AxeBuilder's option object (withTags' runOnly included), so it comes first.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include !== undefined) builder = builder.include(include);
  if (tags !== undefined) builder = builder.withTags(tags);
  return (await builder.analyze()).violations;
}

/** The serious and critical violations, each as "<rule id>: <up to three targets joined by ' | '>". */
function serious(violations: Violation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** The serious and critical violations on the page, as `serious` words them. */
export async function seriousViolations(page: Page, options?: { include?: string; tags?: string[] }): Promise<string[]> {
  return serious(await axeViolations(page, options));
}
