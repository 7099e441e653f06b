// The site's pages (read from src/pages, so new routes are fuzzed too): every dynamic segment gets real
// values and hostile ones, signed out and signed in; pages that take a form post get hostile forms.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Fixtures } from './fixtures.ts';
import { ROUTES } from '../../src/lib/routing/routes.ts';
import type { FuzzRequest } from '../harness/http.ts';
import { encode, HOSTILE_QUERIES } from './hostile.ts';

interface Page {
  /** `/challenges/[subtype]/[challenge]` */
  route: string;
  params: string[];
  takesPost: boolean;
  /** Only for signed-in supporters (per src/lib/routing/routes.ts). */
  protected: boolean;
  /** Form field names the page's source mentions (`name="…"`). */
  fields: string[];
}

const COMMON_FIELDS = ['returnTo', 'email', 'code', 'membership', 'firstName', 'birthday', 'ref'];

/** Form posts render whole pages, so fewer values than the API gets. */
const FORM_VALUES = ['', '\u0000', 'a\u0000b', '\r\n', '%ZZ', '\\..\\..\\', '/.//evil.example', '\ud800', 'a'.repeat(10_000), '__proto__', '9223372036854775808', '😀'];

/** Page paths meet the guard and the router: traversal, separators, control characters, bad escapes. */
const PAGE_SEGMENTS = [
  '%00', '%01', '%0D%0A', '%09', '%7F', '%5C', '%5C..%5C..%5Cabout', '%5C..%5C..%5C..%5Cabout', '..%5C..%5Cabout', '%2F', '%2e%2e',
  '%2e%2e%2f%2e%2e%2fabout', '..', '.', '%ZZ', '%', '%C0%AF', '%ED%A0%80', '%F0%9F%98%80', '__proto__', 'a'.repeat(10_000), '%20', ';', '%3F', '%23',
];

const CHALLENGE_SLUGS = ['polls', 'pickems', 'arcade', 'quizzes', 'keyword'];

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)]);
}

export function readPages(pagesDir: string): Page[] {
  return listFiles(pagesDir)
    .filter((file) => /\.(astro|ts)$/.test(file) && !relative(pagesDir, file).startsWith('api'))
    // The error page answers 500 by design.
    .filter((file) => !/^500\./.test(relative(pagesDir, file)))
    .map((file) => {
      const route = `/${relative(pagesDir, file).replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`;
      const source = readFileSync(file, 'utf8');
      return {
        route: route.length > 1 ? route.replace(/\/$/, '') : '/',
        params: [...route.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!),
        takesPost: /\bPOST\b/.test(source),
        protected: ROUTES.find((r) => r.pattern === route.replace(/\[(\w+)\]/g, ':$1'))?.access === 'protected',
        fields: [...new Set([...COMMON_FIELDS, ...[...source.matchAll(/name="(\w+)"/g)].map((m) => m[1]!)])],
      };
    });
}

function realValues(param: string, fixtures: Fixtures): string[] {
  if (param === 'subtype') return CHALLENGE_SLUGS;
  if (param === 'challenge') return fixtures.challengeIds;
  if (param === 'membership') return fixtures.tiers;
  return ['1'];
}

/** A signed-in browser: the session in its cookie, and the page's own origin on form posts. */
export function pageCases(pages: Page[], fixtures: Fixtures, origin: string): FuzzRequest[] {
  const session = fixtures.supporter.headers['authorization']!.replace(/^Bearer /, '');
  const visitors = [
    { name: 'anonymous', headers: { accept: 'text/html' } },
    { name: 'signed in', headers: { accept: 'text/html', cookie: `terrace_session=${session}` } },
  ];
  const cases: FuzzRequest[] = [];
  for (const page of pages) {
    const real = Object.fromEntries(page.params.map((p) => [p, encode(realValues(p, fixtures)[0] ?? 'x')]));
    const fill = (values: Record<string, string>) => page.route.replace(/\[(\w+)\]/g, (_m, p: string) => values[p] ?? 'x');
    const variants: Array<[string, string]> = [[fill(real), 'real values']];
    for (const param of page.params) {
      for (const value of [...realValues(param, fixtures).map(encode), ...PAGE_SEGMENTS]) {
        variants.push([fill({ ...real, [param]: value }), `${param}=${value.slice(0, 40)}`]);
      }
    }
    // A static page with something appended, and odd queries on the real path.
    for (const tail of ['%00', '%5C..%5Cabout', '..%2F..%2Fabout', '%ZZ']) variants.push([`${fill(real).replace(/\/$/, '')}/${tail}`, `appended ${tail}`]);
    for (const query of HOSTILE_QUERIES.slice(0, 8)) variants.push([`${fill(real)}?${query}`, `query ${query.slice(0, 30)}`]);
    for (const visitor of visitors) {
      for (const [path, note] of variants) {
        cases.push({
          method: 'GET', path, headers: visitor.headers, label: `${visitor.name}; ${note}`, route: page.route, kind: `${visitor.name}; ${note}`,
          // A dot segment (`..`, `%2e%2e`) rightly leads elsewhere (e.g. `/`): only other paths must stay protected.
          ...(page.protected && visitor.name === 'anonymous' && !resolvesElsewhere(path) ? { refuse2xx: 'protected page served anonymously' } : {}),
        });
      }
      if (!page.takesPost || page.route === '/logout') continue;
      for (const value of FORM_VALUES) {
        const form = page.fields.map((field) => `${field}=${encode(value)}`).join('&');
        cases.push({
          method: 'POST', path: fill(real), body: form,
          headers: { ...visitor.headers, origin, 'content-type': 'application/x-www-form-urlencoded' },
          label: `${visitor.name}; form with every field ${JSON.stringify(value.slice(0, 30))}`, route: page.route,
        });
      }
      cases.push({
        method: 'POST', path: fill(real), body: '%ZZ=%ZZ&&=&a=%00',
        headers: { ...visitor.headers, origin, 'content-type': 'application/x-www-form-urlencoded' }, label: `${visitor.name}; malformed form`, route: page.route,
      });
      cases.push({
        method: 'POST', path: fill(real), body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n',
        headers: { ...visitor.headers, origin, 'content-type': 'multipart/form-data; boundary=x' }, label: `${visitor.name}; truncated multipart form`, route: page.route,
      });
    }
  }
  return cases;
}

function resolvesElsewhere(path: string): boolean {
  return new URL(path, 'http://x').pathname !== path.split('?')[0];
}
