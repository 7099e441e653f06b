import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearIconCache, DEFAULT_CARD_ICON, ICON_SERVICE_TIMEOUT_MS, resolveCardIcon } from './card-icon.server.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8"/></svg>';
const svgAnswer = () => new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } });

beforeEach(() => clearIconCache());

describe('carousel card icons', () => {
  it('uses the bundled icon for a bundled name, without asking the service', async () => {
    const fetcher = vi.fn();
    expect(await resolveCardIcon('star', { serviceUrl: 'https://icons.test', fetcher })).toEqual({ name: 'star' });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('falls back to the default icon when ICON_SERVICE_URL is unset', async () => {
    expect(await resolveCardIcon('ticket', { serviceUrl: undefined })).toEqual({ name: DEFAULT_CARD_ICON });
  });

  it('fetches an unknown name from the icon service as an image', async () => {
    const fetcher = vi.fn(async () => svgAnswer());
    const icon = await resolveCardIcon('ticket', { serviceUrl: 'https://icons.test/', fetcher });
    expect(fetcher).toHaveBeenCalledWith('https://icons.test/ticket.svg', expect.anything());
    expect(icon).toEqual({ src: `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}` });
  });

  it('gives up after the spec\'s 1.5 s and shows the default icon', async () => {
    expect(ICON_SERVICE_TIMEOUT_MS).toBe(1500);
    const fetcher = vi.fn((_url: string | URL | Request, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    }));
    const started = Date.now();
    const icon = await resolveCardIcon('ticket', { serviceUrl: 'https://icons.test', fetcher: fetcher as typeof fetch, timeoutMs: 50 });
    expect(icon).toEqual({ name: DEFAULT_CARD_ICON });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('shows the default icon for a failed, non-SVG or oversized answer, and never asks for an odd name', async () => {
    const failing = [
      new Response('nope', { status: 404, headers: { 'content-type': 'image/svg+xml' } }),
      new Response('<html>', { headers: { 'content-type': 'text/html' } }),
      new Response('x'.repeat(20_000), { headers: { 'content-type': 'image/svg+xml' } }),
    ];
    for (const [i, answer] of failing.entries()) {
      const icon = await resolveCardIcon(`icon-${i}`, { serviceUrl: 'https://icons.test', fetcher: async () => answer });
      expect(icon).toEqual({ name: DEFAULT_CARD_ICON });
    }
    const fetcher = vi.fn(async () => svgAnswer());
    expect(await resolveCardIcon('../secrets', { serviceUrl: 'https://icons.test', fetcher })).toEqual({ name: DEFAULT_CARD_ICON });
    expect(fetcher).not.toHaveBeenCalled();
  });
});
