import { afterEach, describe, expect, it, vi } from 'vitest';

/** The <html> a page renders (Base.astro), and a fetch recording what the browser's client sent. */
function page(dataset: Record<string, string>) {
  const sent: Request[] = [];
  vi.stubGlobal('document', { documentElement: { dataset, lang: 'es' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(input instanceof Request ? input : new Request(input, init));
    return Response.json({ data: {} });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the browser's API client", () => {
  it("sends the page's x-org-token on every call once the server loaded the organization (spec section 7)", async () => {
    const sent = page({ apiBase: 'http://site.test/api', orgKey: 'pk_demo', orgToken: 'ot_123' });
    const { browserApi } = await import('./browser.ts');
    await browserApi().http.get('checkin').json();
    await browserApi().http.post('checkin').json();
    expect(sent.map((r) => r.headers.get('x-org-token'))).toEqual(['ot_123', 'ot_123']);
    expect(sent[0]!.headers.get('accept-language')).toBe('es');
  });

  it('sends none when the page had no organization (an error page before the middleware)', async () => {
    const sent = page({ apiBase: 'http://site.test/api', orgKey: 'pk_demo' });
    const { browserApi } = await import('./browser.ts');
    await browserApi().http.get('checkin').json();
    expect(sent[0]!.headers.has('x-org-token')).toBe(false);
  });
});
