// JavaScript weight: every script a real browser loads for a page, measured as gzip -9 bytes.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { onInterrupt } from '../harness/cleanup.ts';

export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface ScriptWeight {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  path: string;
  /** Where the browser ended up, after redirects. */
  landedOn: string;
  /** Script responses (external files), as the browser received them. */
  scripts: ScriptWeight[];
  gzipBytes: number;
  rawBytes: number;
  /** Inline <script> elements send no response of their own but are JavaScript shipped all the same. */
  inline: { count: number; gzipBytes: number };
}

/** `session`: the `terrace_session` cookie, to measure the pages of a signed-in supporter; or any cookie as `name=value`. */
export async function measureJavaScript(origin: string, paths: string[], session?: string): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const forget = onInterrupt(() => browser.close());
  try {
    const weights: PageWeight[] = [];
    // One page at a time, each in a fresh context so nothing comes from the previous page's cache.
    for (const path of paths) weights.push(await measurePage(browser, origin, path, session));
    return weights;
  } finally {
    forget();
    await browser.close();
  }
}

async function measurePage(browser: Browser, origin: string, path: string, session?: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    if (session) {
      const [name, value] = session.includes('=') ? session.split(/=(.*)/s) as [string, string] : ['terrace_session', session];
      await context.addCookies([{ name, value, url: origin }]);
    }
    const page = await context.newPage();
    const pending: Promise<ScriptWeight>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') pending.push(weigh(response));
    });
    // networkidle so islands hydrated on idle or visibility are loaded too.
    await page.goto(new URL(path, origin).href, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(pending);
    const inline = await inlineScripts(page);
    const landed = new URL(page.url());
    return {
      path,
      landedOn: landed.origin === origin ? landed.pathname + landed.search : landed.href,
      scripts,
      gzipBytes: sum(scripts.map((s) => s.gzipBytes)),
      rawBytes: sum(scripts.map((s) => s.rawBytes)),
      inline,
    };
  } finally {
    await context.close();
  }
}

/** JSON data blocks (type="application/json", "application/ld+json") are not JavaScript. */
async function inlineScripts(page: Page): Promise<{ count: number; gzipBytes: number }> {
  const sources = await page.$$eval('script:not([src])', (elements) => elements
    .filter((e) => ['', 'module', 'text/javascript'].includes(e.getAttribute('type') ?? ''))
    .map((e) => e.textContent ?? ''));
  return { count: sources.length, gzipBytes: sum(sources.map((code) => gzipSync(code, { level: 9 }).length)) };
}

/** body() is already decoded, so the gzip size does not depend on what the server negotiated. */
async function weigh(response: Response): Promise<ScriptWeight> {
  const body = await response.body();
  return { url: response.url(), rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
