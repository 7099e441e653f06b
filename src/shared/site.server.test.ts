import { describe, expect, it } from 'vitest';
import { isSecureSite, ownOrigins, publicOrigin } from './site.server.ts';

const behindProxy = { PUBLIC_URL: 'https://club.example/', NODE_ENV: 'production' } as const;

describe('the public origin', () => {
  it('comes from PUBLIC_URL, so behind a TLS proxy the site knows it is on https', () => {
    expect(publicOrigin(behindProxy)).toBe('https://club.example');
    expect(isSecureSite(behindProxy)).toBe(true);
    expect(isSecureSite({ PUBLIC_URL: 'http://localhost:4321', NODE_ENV: 'development' })).toBe(false);
  });

  it('is the only origin whose unsafe requests count as our own in production', () => {
    // The app itself sees http://127.0.0.1:4321 behind the proxy; a browser's Origin is https://club.example.
    expect(ownOrigins('http://127.0.0.1:4321', behindProxy)).toEqual(['https://club.example']);
    expect(ownOrigins('http://127.0.0.1:4321', { PUBLIC_URL: 'http://localhost:4321', NODE_ENV: 'development' }))
      .toEqual(['http://localhost:4321', 'http://127.0.0.1:4321']);
  });
});
