// `npm run a11y:statement`: build, serve the real app on a fresh database, run axe over every page of the site
// map (tests/e2e/support/every-page.ts) in English and Spanish, signed out and signed in, in Chromium at 360 px,
// and write the summary the accessibility statement shows (src/features/accessibility/axe-summary.json).
// Exits 1 when axe finds a serious or critical violation (the summary is written all the same, so it says so).
// `--no-build` serves the build already in dist.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMPACTS, type AxeSummary, type Impact } from '../../src/features/accessibility/axe-summary.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { LANGUAGES, NOT_FOUND, pagesFor, SCANNED, STATES, VIEWPORT, type Language, type State } from '../e2e/support/every-page.ts';
import { crawl, routeChecks, sampleAddress } from '../e2e/support/site-map.ts';
import { axeRun } from '../e2e/support/axe.ts';
import { exitCleanlyOnSignals, onInterrupt, runScript } from '../harness/cleanup.ts';
import { build, freePort, root, startServer } from '../harness/server.ts';
import { signInSupporter } from '../harness/supporter.ts';

const SUMMARY_FILE = join(root, 'src/features/accessibility/axe-summary.json');
const CHROME = process.env['E2E_CHROME_PATH'] ?? '/usr/bin/chromium-headless-shell';
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (target size is off by default in axe: asked for here), and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const ADULT_BIRTHDAY = '1990-05-17';

interface Visit { state: State; language: Language; name: string; address: string }

/** An adult supporter past onboarding, as the every-page suites sign in: the pages an under-18 one never sees are checked too. */
async function supporterCookie(origin: string, smtp: Awaited<ReturnType<typeof startTestSmtpServer>>): Promise<string> {
  const { token } = await signInSupporter(origin, smtp, `a11y.${Date.now()}@example.com`);
  const born = await fetch(new URL('/api/user/me', origin), {
    method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin }, body: JSON.stringify({ birthday: ADULT_BIRTHDAY }),
  });
  if (!born.ok) throw new Error(`setting the birthday answered ${born.status}`);
  return token;
}

async function newContext(browser: Browser, origin: string, language: Language, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT, serviceWorkers: 'block' });
  await context.addCookies([
    { name: 'terrace_lang', value: language, url: origin },
    ...(token ? [{ name: 'terrace_session', value: token, url: origin, httpOnly: true, sameSite: 'Lax' as const }] : []),
  ]);
  return context;
}

/** Opens a page as every-page.ts does: the right status, no redirect, the islands on the first screen hydrated. */
async function open(page: Page, address: string): Promise<void> {
  const response = await page.goto(address);
  const status = response?.status() ?? 0;
  if (status !== (address === NOT_FOUND ? 404 : 200)) throw new Error(`${address} answered ${status}`);
  if (new URL(page.url()).pathname !== address) throw new Error(`${address} redirected to ${page.url()}`);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0);
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island[ssr][client="visible"]')].every((island) => {
    const box = (island.firstElementChild ?? island).getBoundingClientRect();
    return box.width * box.height === 0 || box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth;
  }));
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  if (!process.argv.includes('--no-build')) build();
  const smtp = await startTestSmtpServer();
  const server = await startServer(await freePort(Number(process.env['A11Y_PORT'] || 4394)), smtp.url);
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  const forget = onInterrupt(() => browser.close());
  try {
    const token = await supporterCookie(server.origin, smtp);
    // Real ids: the links of every page of the table, read as the supporter (as every-page.ts does).
    const reader = await newContext(browser, server.origin, 'en', token);
    const starts = routeChecks().filter((c) => !c.name.includes(':') && c.route.access !== 'guest' && c.name !== '/sso').map((c) => c.name);
    const map = await crawl(reader.request, server.origin, starts, 1);
    await reader.close();

    const visits: Visit[] = STATES.flatMap((state) => LANGUAGES.flatMap((language) => pagesFor(state).map(({ name, check }) => {
      const address = check ? sampleAddress(check, map) ?? SCANNED[check.name] : NOT_FOUND;
      if (!address) throw new Error(`no page links to an address of ${name}`);
      return { state, language, name, address };
    })));

    const rules = new Set<string>();
    const violations = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<Impact, number>;
    const failed = new Map<string, { impact: Impact; pages: number; help: string; where: string[] }>();
    let axeVersion = '';
    for (const state of STATES) {
      for (const language of LANGUAGES) {
        const context = await newContext(browser, server.origin, language, state === 'signed-in' ? token : undefined);
        const page = await context.newPage();
        for (const visit of visits.filter((v) => v.state === state && v.language === language)) {
          await open(page, visit.address);
          const results = await axeRun(page, { tags: TAGS });
          axeVersion = results.testEngine.version;
          for (const result of [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable]) rules.add(result.id);
          for (const violation of results.violations) {
            const impact = (violation.impact ?? 'minor') as Impact;
            violations[impact] += 1;
            const entry = failed.get(violation.id) ?? { impact, pages: 0, help: violation.help, where: [] };
            entry.pages += 1;
            entry.where.push(`${visit.name} (${state}, ${language}): ${violation.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`);
            failed.set(violation.id, entry);
          }
        }
        await context.close();
      }
    }

    const summary: AxeSummary = {
      checkedOn: new Date().toISOString().slice(0, 10),
      axeVersion,
      browser: `Chromium ${browser.version()}`,
      tags: TAGS,
      languages: [...LANGUAGES],
      states: [...STATES],
      routes: [...new Set(visits.map((v) => v.name))],
      pagesChecked: visits.length,
      rulesRun: rules.size,
      violations,
      failedRules: [...failed].map(([id, { impact, pages, help }]) => ({ id, impact, pages, help })).sort((a, b) => IMPACTS.indexOf(a.impact) - IMPACTS.indexOf(b.impact) || a.id.localeCompare(b.id)),
    };
    writeFileSync(SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);

    console.log(`axe ${axeVersion}, ${summary.browser}: ${visits.length} page visits (${summary.routes.length} routes, ${LANGUAGES.length} languages, signed out and in), ${rules.size} rules`);
    console.log(IMPACTS.map((impact) => `${impact} ${violations[impact]}`).join(', '));
    for (const [id, { impact, where }] of failed) console.log(`\n${impact} ${id}:\n  ${where.join('\n  ')}`);
    console.log(`\nwritten to ${SUMMARY_FILE}`);
    return violations.critical + violations.serious === 0 ? 0 : 1;
  } finally {
    forget();
    await browser.close();
    await server.stop();
    await smtp.close();
  }
}

runScript(main);
