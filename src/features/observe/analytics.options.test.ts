import { describe, expect, it } from 'vitest';
import { isInternalEmail, posthogOptions } from './analytics.options.ts';

describe('analytics options (spec section 9)', () => {
  it('sets every constant, and turns autocapture, recording and heatmaps off on localhost only', () => {
    const local = posthogOptions({ host: 'https://ph.example', localhost: true });
    expect(local).toMatchObject({
      api_host: 'https://ph.example', persistence: 'memory', capture_pageview: false, session_idle_timeout_seconds: 1800,
      cookie_expiration: 365, feature_flag_request_timeout_ms: 3000, disable_external_dependency_loading: true,
      autocapture: false, disable_session_recording: true, capture_heatmaps: false,
    });
    const live = posthogOptions({ host: 'https://ph.example', localhost: false });
    expect(live).not.toHaveProperty('autocapture');
    expect(live).not.toHaveProperty('disable_session_recording');
  });

  it('asks for no feature flags, and starts a signed-in page as the supporter (a visitor as nobody in particular)', () => {
    const signedIn = posthogOptions({ host: 'https://ph.example', localhost: false, userId: 'user-1' });
    expect(signedIn).toMatchObject({ advanced_disable_flags: true, bootstrap: { distinctID: 'user-1', isIdentifiedID: true } });
    const visitor = posthogOptions({ host: 'https://ph.example', localhost: false, userId: null });
    expect(visitor).toMatchObject({ advanced_disable_flags: true });
    expect(visitor).not.toHaveProperty('bootstrap');
  });

  it('marks an address internal at an internal domain ending in .io or .club, and nowhere else', () => {
    const domains = ['club.io', 'terrace.club', 'terrace.com'];
    expect(isInternalEmail('ana@club.io', domains)).toBe(true);
    expect(isInternalEmail('Ana@Staff.Terrace.Club', domains)).toBe(true);
    expect(isInternalEmail('ana@terrace.com', domains)).toBe(false);
    expect(isInternalEmail('ana@example.com', domains)).toBe(false);
    expect(isInternalEmail('ana@notclub.io', domains)).toBe(false);
    expect(isInternalEmail('ana@club.io', [])).toBe(false);
  });
});
