// JavaScript weight: every script a real browser loads for a page, measured as gzip -9 bytes.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright-core';

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
  scripts: ScriptWeight[];
  gzipBytes: number;
  rawBytes: number;
}

export async function measureJavaScript(origin: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const weights: PageWeight[] = [];
    // One page at a time, each in a fresh context so nothing comes from the previous page's cache.
    for (const path of paths) weights.push(await measurePage(browser, origin, path));
    return weights;
  } finally {
    await browser.close();
  }
}

async function measurePage(browser: Browser, origin: string, path: string): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptWeight>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') pending.push(weigh(response));
    });
    // networkidle so islands hydrated on idle or visibility are loaded too.
    await page.goto(new URL(path, origin).href, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(pending);
    const landed = new URL(page.url());
    return {
      path,
      landedOn: landed.origin === origin ? landed.pathname + landed.search : landed.href,
      scripts,
      gzipBytes: sum(scripts.map((s) => s.gzipBytes)),
      rawBytes: sum(scripts.map((s) => s.rawBytes)),
    };
  } finally {
    await context.close();
  }
}

/** body() is already decoded, so the gzip size does not depend on what the server negotiated. */
async function weigh(response: Response): Promise<ScriptWeight> {
  const body = await response.body();
  return { url: response.url(), rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
