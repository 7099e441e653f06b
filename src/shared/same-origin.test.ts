import { describe, expect, it } from 'vitest';
import { isCrossOriginUnsafe } from './same-origin.ts';

const own = 'http://localhost:4321';
const req = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${own}/api/x`, { method, headers });

describe('the same-origin check for unsafe requests', () => {
  it('lets safe methods through from anywhere', () => {
    expect(isCrossOriginUnsafe(req('GET', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), [own])).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses a cross-origin %s, whatever the content type', (method) => {
    expect(isCrossOriginUnsafe(req(method, { origin: 'https://evil.example' }), [own])).toBe(true);
    expect(isCrossOriginUnsafe(req(method, { 'sec-fetch-site': 'cross-site' }), [own])).toBe(true);
    expect(isCrossOriginUnsafe(req(method, { 'sec-fetch-site': 'same-site' }), [own])).toBe(true);
    expect(isCrossOriginUnsafe(req(method, { origin: 'https://evil.example', 'content-type': 'text/plain' }), [own])).toBe(true);
  });

  it('accepts a same-origin POST and a POST from a client that is not a browser', () => {
    expect(isCrossOriginUnsafe(req('POST', { origin: own, 'sec-fetch-site': 'same-origin' }), [own])).toBe(false);
    expect(isCrossOriginUnsafe(req('POST'), [own])).toBe(false);
  });
});
