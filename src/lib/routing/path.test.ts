import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardUser } from './guard.ts';
import { anyPathString, hostilePath, pathNearRoutes } from './hostile-paths.testing.ts';
import { decodeSegment, rawPathname, readPath } from './path.ts';
import { matchRoute, ROUTES } from './routes.ts';

const settings = { ssoEnabled: 'true', loggedOffDashboard: 'false' };
const adult: GuardUser = { isNewUser: false, membership: 'gold', underage: false, membershipChosen: true, welcomed: true };
const BASE = 'http://127.0.0.1:4321';

/**
 * Astro 7's own reading of a request path, to check the guard against (astro/dist/core/fetch/
 * fetch-state.js and util/pathname.js): decodeURI until the path stops changing (at most 10 more
 * times; on a malformed escape it keeps what it has), duplicate slashes collapsed, then each page's
 * pattern, a `[param]` being `[^/]+?`, and the parameter taken as matched (not decoded again).
 */
function astroDecode(raw: string): string {
  let path = raw;
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return raw;
  }
  for (let i = 0; decoded !== path; i++) {
    if (i >= 10) return raw;
    path = decoded;
    try {
      decoded = decodeURI(path);
    } catch {
      break;
    }
  }
  return decoded;
}

function routedByAstro(raw: string): { pattern: string; params: Record<string, string> } | undefined {
  const pathname = astroDecode(raw).replace(/\/{2,}/g, '/');
  for (const route of ROUTES) {
    const names: string[] = [];
    const source = route.pattern === '/' ? '^\\/$' : `^${route.pattern.split('/').map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+?)';
    }).join('\\/')}\\/?$`;
    const found = new RegExp(source).exec(pathname);
    if (found) return { pattern: route.pattern, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) };
  }
  return undefined;
}

describe('a path segment', () => {
  it('is decoded exactly once', () => {
    expect(decodeSegment('abc')).toBe('abc');
    expect(decodeSegment('caf%C3%A9')).toBe('café');
    expect(decodeSegment('a;b')).toBe('a;b');
  });

  it.each([
    ['a backslash', ['\\', 'a\\b', '%5C', '%5c..%5Cabout']],
    ['an encoded slash', ['%2F', 'a%2fb', '..%2Fabout']],
    ['a dot segment', ['.', '..', '%2e', '%2E%2e', '.%2e']],
    ['a control character', ['%00', 'a%0Ab', '%1F', '%7F', '%C2%85', 'a\u0000b', 'a\tb']],
    ['a double encoding', ['%252F', '%255C', '%252e%252e', '%25']],
    ['a malformed escape', ['%', '%ZZ', '%C0%AE', '%E2%80']],
  ])('is hostile when it holds %s', (_, segments) => {
    for (const segment of segments) expect(decodeSegment(segment), segment).toBeUndefined();
  });
});

describe('readPath', () => {
  it('decodes every segment, dropping empty ones', () => {
    expect(readPath('/st%6Fries//abc/')).toEqual({ kind: 'path', pathname: '/stories/abc', segments: ['stories', 'abc'] });
    expect(readPath('/')).toEqual({ kind: 'path', pathname: '/', segments: [] });
  });

  it('is hostile as soon as one segment is', () => {
    expect(readPath('/stories/%5C..%5C..%5Cabout')).toEqual({ kind: 'hostile' });
    expect(readPath('/%5C%5Cevil.example/x')).toEqual({ kind: 'hostile' });
  });

  it('reads the request path as the client sent it, before Astro decodes it', () => {
    expect(rawPathname(`${BASE}/stories/%5C..%5C..%5Cabout`)).toBe('/stories/%5C..%5C..%5Cabout');
    // The URL parser itself resolves plain dot segments and reads a raw `\` as `/`, as browsers do.
    expect(rawPathname(`${BASE}/stories/..\\..\\about`)).toBe('/about');
  });
});

describe('the guard on hostile paths (property)', () => {
  it('never throws, and refuses a path whose segment means something else once decoded', () => {
    fc.assert(
      fc.property(anyPathString, fc.constantFrom(null, adult), (path, user) => {
        const decision = decideNavigation({ pathname: path, user, settings });
        const hostile = path.split('/').some((segment) => segment !== '' && decodeSegment(segment) === undefined);
        if (hostile) expect(decision).toEqual({ kind: 'not-found', message: `Page Not Found: ${path.replace(/\/+$/, '') || '/'}`, path: path.replace(/\/+$/, '') || '/' });
      }),
      { numRuns: 3_000 },
    );
  }, 60_000);

  it("renders only the page Astro's router will render, and to a visitor only a public one", () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, pathNearRoutes), fc.constantFrom(null, adult), (generated, user) => {
        const raw = rawPathname(`${BASE}${generated}`);
        // The middleware hands /api, /404 and /500 on before the guard.
        fc.pre(!/^\/(api|404|500)(\/|$)/.test(raw));
        const decision = decideNavigation({ pathname: raw, user, settings });
        if (decision.kind !== 'render') return;
        const routed = routedByAstro(raw);
        const reading = readPath(raw);
        expect(reading.kind).toBe('path');
        const judged = reading.kind === 'path' ? matchRoute(reading.pathname) : undefined;
        expect(routed, raw).toBeDefined();
        expect(routed?.pattern, raw).toBe(judged?.route.pattern);
        expect(routed?.params, raw).toEqual(judged?.params);
        // A deep link (`preview`) renders its own signed-out view.
        if (!user) expect(['public', 'guest', 'preview'], raw).toContain(judged?.route.access);
      }),
      { numRuns: 3_000 },
    );
  }, 60_000);
});
