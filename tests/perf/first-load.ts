// What a page loads: the document and every response the browser received, each marked as before or after
// the `load` event, in decoded bytes (so the figures do not depend on compression).
import { chromium, type Browser, type Response } from 'playwright-core';
import { onInterrupt } from '../harness/cleanup.ts';
import { CHROME_FLAGS, CHROME_PATH } from './js-weight.ts';

export interface LoadedFile {
  /** Path and query on the page's own origin, else the whole address. */
  url: string;
  type: string;
  bytes: number;
  beforeLoad: boolean;
}

export interface PageLoad {
  path: string;
  /**
   * The document's bytes, with Astro's island ids and the server's own origin blanked: each render draws new
   * random ids of varying length (`uid="Z1LUKrQ"`, `uid="Tc8EM"`), and a page names its origin in its canonical,
   * Open Graph and Twitter addresses, so two servers on ports of different lengths (4391 and 29633) differed by
   * a byte per address: the +4 B issue 26 found on every signed-in page.
   */
  documentBytes: number;
  /** Every other response, in the order received. */
  files: LoadedFile[];
}

/** Each page in a fresh context (nothing from another page's cache), watched for `settleMs` after `load`. */
export async function measurePageLoads(origin: string, paths: string[], session?: string, settleMs = 5000): Promise<PageLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const forget = onInterrupt(() => browser.close());
  try {
    const loads: PageLoad[] = [];
    for (const path of paths) loads.push(await measure(browser, origin, path, session, settleMs));
    return loads;
  } finally {
    forget();
    await browser.close();
  }
}

async function measure(browser: Browser, origin: string, path: string, session: string | undefined, settleMs: number): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    if (session) await context.addCookies([{ name: 'terrace_session', value: session, url: origin }]);
    const page = await context.newPage();
    const seen: Array<{ response: Response; beforeLoad: boolean }> = [];
    let loaded = false;
    page.on('load', () => { loaded = true; });
    page.on('response', (response) => seen.push({ response, beforeLoad: !loaded }));
    const document = await page.goto(new URL(path, origin).href, { waitUntil: 'load' });
    if (!document) throw new Error(`${path}: no document`);
    await page.waitForTimeout(settleMs);
    const html = (await document.text()).replace(/ uid="[^"]*"/g, ' uid=""').replaceAll(origin, 'ORIGIN');
    const files = await Promise.all(seen.filter((s) => s.response !== document).map((s) => weigh(s.response, s.beforeLoad, origin)));
    return { path, documentBytes: Buffer.byteLength(html), files };
  } finally {
    await context.close();
  }
}

async function weigh(response: Response, beforeLoad: boolean, origin: string): Promise<LoadedFile> {
  const url = new URL(response.url());
  const bytes = await response.body().then((body) => body.length, () => 0);
  return { url: url.origin === origin ? url.pathname + url.search : url.href, type: response.request().resourceType(), bytes, beforeLoad };
}
