// node lh.mjs URL [cookie]: one Lighthouse mobile run; prints LCP/FCP and the requests in the page's critical path.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
const [url, cookie] = process.argv.slice(2);
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], logLevel: 'silent' });
const out = [];
for (let i = 0; i < Number(process.env.RUNS || 3); i++) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: ['performance'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
  const a = r.lhr.audits;
  out.push({ score: r.lhr.categories.performance.score * 100, fcp: Math.round(a['first-contentful-paint'].numericValue), lcp: Math.round(a['largest-contentful-paint'].numericValue), reqs: a['network-requests'].details.items.map((x) => `${x.resourceType} ${x.priority} ${Math.round(x.transferSize / 1024 * 10) / 10}KB ${x.url.replace(/^https?:\/\/[^/]+/, '')}`) });
  if (process.env.DUMP && i === 0) { const fs = await import('node:fs'); fs.writeFileSync(process.env.DUMP, JSON.stringify(r.lhr)); }
}
chrome.kill();
out.sort((a, b) => a.lcp - b.lcp);
for (const o of out) console.log(`score ${o.score} FCP ${o.fcp} LCP ${o.lcp}`);
console.log(out[Math.floor(out.length / 2)].reqs.join('\n'));
