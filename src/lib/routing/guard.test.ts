import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardUser } from './guard.ts';
import { ROUTES } from './routes.ts';

const settings = { ssoEnabled: 'false', loggedOffDashboard: 'false' };
const adult: GuardUser = { isNewUser: false, membership: 'gold', underage: false, membershipChosen: true, welcomed: true };
const newcomer: GuardUser = { isNewUser: true, membership: undefined, underage: false, membershipChosen: false, welcomed: false };
const minor: GuardUser = { ...adult, underage: true };

const go = (pathname: string, user: GuardUser | null, extra: Partial<typeof settings> = {}, search = '') =>
  decideNavigation({ pathname, search, user, settings: { ...settings, ...extra } });

describe('unauthenticated visitors', () => {
  it('are sent to / from a protected route, remembering the intended path and query', () => {
    expect(go('/dashboard', null)).toEqual({ kind: 'redirect', location: '/', remember: '/dashboard' });
    expect(go('/challenges/quizzes/abc', null, {}, '?tab=rules')).toEqual({
      kind: 'redirect', location: '/', remember: '/challenges/quizzes/abc?tab=rules',
    });
  });

  it('see a deep link\'s signed-out view (an activation, a story, a sweepstake), which remembers it for after sign-in', () => {
    expect(go('/a/matchday', null, {}, '?from=qr')).toEqual({ kind: 'render', remember: '/a/matchday?from=qr' });
    expect(go('/stories/s1', null)).toEqual({ kind: 'render', remember: '/stories/s1' });
    expect(go('/sweepstakes/abc', null, {}, '?tab=rules')).toEqual({ kind: 'render', remember: '/sweepstakes/abc?tab=rules' });
    // The list itself stays signed-in only, and a bad segment is still the 404.
    expect(go('/sweepstakes', null)).toEqual({ kind: 'redirect', location: '/', remember: '/sweepstakes' });
    expect(go('/a/Not_A_Slug', null).kind).toBe('not-found');
  });

  it('see a deep link as the signed-in page once signed in, with nothing remembered', () => {
    for (const path of ['/a/matchday', '/stories/s1', '/sweepstakes/abc']) expect(go(path, adult), path).toEqual({ kind: 'render' });
  });

  it('may check any drawn sweepstake at /sweepstakes/{id}/verify, remembering nothing', () => {
    expect(go('/sweepstakes/abc/verify', null)).toEqual({ kind: 'render' });
    expect(go('/sweepstakes/abc/verify', adult)).toEqual({ kind: 'render' });
    expect(go('/sweepstakes/%5C..%5Cabout/verify', null).kind).toBe('not-found');
  });

  it('never remember a path that could lead off the site', () => {
    expect(go('//dashboard', null)).toEqual({ kind: 'redirect', location: '/' });
  });

  it('may read /about and everything under /media', () => {
    for (const path of ['/about', '/media', '/media/instagram', '/media/videos', '/media/videos/v1', '/media/playlists/p1']) {
      expect(go(path, null), path).toEqual({ kind: 'render' });
    }
  });

  it('may open the guest routes', () => {
    for (const path of ['/', '/login', '/login/verify-email']) expect(go(path, null)).toEqual({ kind: 'render' });
  });

  it('see /dashboard when the organization turns on the logged-off dashboard', () => {
    expect(go('/dashboard', null, { loggedOffDashboard: 'true' })).toEqual({ kind: 'render' });
    expect(go('/profile', null, { loggedOffDashboard: 'true' })).toMatchObject({ kind: 'redirect', location: '/' });
  });
});

describe('signed-in users on guest routes', () => {
  it('go to /dashboard', () => {
    for (const path of ['/', '/login', '/login/verify-email']) {
      expect(go(path, adult)).toEqual({ kind: 'redirect', location: '/dashboard' });
    }
  });

  it('go to / in logged-off-dashboard mode, and stay on /', () => {
    expect(go('/login', adult, { loggedOffDashboard: 'true' })).toEqual({ kind: 'redirect', location: '/' });
    expect(go('/', adult, { loggedOffDashboard: 'true' })).toEqual({ kind: 'render' });
  });
});

describe('the /dashboard first-visit rules', () => {
  it('send a new user with membership unset or entry to /choose-your-membership', () => {
    for (const membership of [undefined, 'entry']) {
      expect(go('/dashboard', { ...newcomer, membership })).toEqual({
        kind: 'redirect', location: '/choose-your-membership',
      });
    }
  });

  it('send a new adult user who has chosen a membership to /welcome', () => {
    expect(go('/dashboard', { ...newcomer, membership: 'gold' })).toEqual({ kind: 'redirect', location: '/welcome' });
    expect(go('/dashboard', { ...newcomer, membership: 'entry', membershipChosen: true })).toEqual({
      kind: 'redirect', location: '/welcome',
    });
  });

  it('keep a new under-18 user on /dashboard instead of /welcome', () => {
    expect(go('/dashboard', { ...newcomer, underage: true, membershipChosen: true })).toEqual({ kind: 'render' });
  });

  it('send a new user who has not given a birthday to /welcome, and let them edit the profile to give one', () => {
    const unknownAge = { ...newcomer, underage: true, birthdayMissing: true, membershipChosen: true };
    expect(go('/dashboard', unknownAge)).toEqual({ kind: 'redirect', location: '/welcome' });
    expect(go('/welcome', unknownAge)).toEqual({ kind: 'render' });
    expect(go('/profile/edit', { ...adult, underage: true, birthdayMissing: true })).toEqual({ kind: 'render' });
    // The other under-18 rules apply until the birthday is given.
    for (const path of ['/games/poll', '/contests', '/benefits']) {
      expect(go(path, { ...adult, underage: true, birthdayMissing: true }), path).toEqual({ kind: 'redirect', location: '/dashboard' });
    }
  });

  it('let a new user through once welcomed', () => {
    expect(go('/dashboard', { ...newcomer, membershipChosen: true, welcomed: true })).toEqual({ kind: 'render' });
  });

  it('leave a returning user on /dashboard', () => {
    expect(go('/dashboard', adult)).toEqual({ kind: 'render' });
    expect(go('/dashboard', { ...adult, membership: 'entry' })).toEqual({ kind: 'render' });
  });
});

describe('under-18 users', () => {
  it.each(['/welcome', '/profile/edit', '/games/poll', '/contests', '/benefits'])('are sent from %s to /dashboard', (path) => {
    expect(go(path, minor)).toEqual({ kind: 'redirect', location: '/dashboard' });
  });

  it('may use the other routes', () => {
    expect(go('/profile', minor)).toEqual({ kind: 'render' });
    expect(go('/welcome', adult)).toEqual({ kind: 'render' });
  });
});

describe('/sso', () => {
  it("redirects to / unless ssoEnabled is 'true'", () => {
    expect(go('/sso', adult)).toEqual({ kind: 'redirect', location: '/' });
    expect(go('/sso', adult, { ssoEnabled: 'true' })).toEqual({ kind: 'render' });
  });

  it('remembers the Discourse query for a visitor who must sign in first', () => {
    expect(go('/sso', null, { ssoEnabled: 'true' }, '?sso=abc&sig=def')).toEqual({
      kind: 'redirect', location: '/', remember: '/sso?sso=abc&sig=def',
    });
  });
});

describe('unknown and invalid routes', () => {
  it("answer 'Page not found' for an unknown route", () => {
    expect(go('/no-such-page', adult)).toEqual({ kind: 'not-found', message: 'Page not found' });
    expect(go('/no-such-page', null)).toEqual({ kind: 'not-found', message: 'Page not found' });
  });

  it("answer 'Page Not Found: {path}' when a dynamic segment fails validation", () => {
    expect(go('/challenges/not-a-subtype', adult)).toEqual({
      kind: 'not-found', message: 'Page Not Found: /challenges/not-a-subtype', path: '/challenges/not-a-subtype',
    });
    expect(go('/challenges/not-a-subtype', null)).toMatchObject({ kind: 'not-found' });
  });

  it("answer 'Page Not Found: {path}' for a segment that climbs with an encoded backslash or slash", () => {
    for (const path of [
      '/stories/%5C..%5C..%5Cabout', '/membership/upgrade/%5C..%5C..%5C..%5Cabout', '/stories/..%2F..%2Fabout',
      '/media/videos/%5C..%5C..%5C..%5Cdashboard', '/challenges/polls/a%00b', '/sweepstakes/%252e%252e',
    ]) {
      for (const user of [null, adult]) {
        expect(go(path, user), path).toEqual({ kind: 'not-found', message: `Page Not Found: ${path}`, path });
      }
    }
  });

  it('judge a segment decoded once, as the router does', () => {
    expect(go('/st%6Fries/abc', null)).toEqual({ kind: 'render', remember: '/st%6Fries/abc' });
    expect(go('/pr%6Ffile', null)).toEqual({ kind: 'redirect', location: '/', remember: '/pr%6Ffile' });
    expect(go('/%61bout', null)).toEqual({ kind: 'render' });
  });

  it('accept exactly the five challenge subtypes', () => {
    for (const slug of ['polls', 'pickems', 'arcade', 'quizzes', 'keyword']) {
      expect(go(`/challenges/${slug}`, adult), slug).toEqual({ kind: 'render' });
    }
    expect(go('/challenges/feedback', adult).kind).toBe('not-found');
  });

  it('hide the development gallery in production', () => {
    expect(go('/dev/gallery', null)).toEqual({ kind: 'render' });
    expect(decideNavigation({ pathname: '/dev/gallery', user: null, settings, production: true })).toEqual({
      kind: 'not-found', message: 'Page not found',
    });
  });

  it('ignore a trailing slash', () => {
    expect(go('/about/', null)).toEqual({ kind: 'render' });
  });

  it('cover every route of spec section 2', () => {
    expect(ROUTES.map((r) => r.pattern)).toEqual(expect.arrayContaining([
      '/', '/login', '/login/verify-email', '/sso', '/dashboard', '/welcome', '/about', '/challenges',
      '/challenges/:subtype', '/challenges/:subtype/:challenge', '/choose-your-membership',
      '/choose-your-membership/:membership', '/membership', '/membership/upgrade',
      '/membership/upgrade/:membership', '/enhanced-experiences', '/history', '/media', '/media/instagram',
      '/media/playlists/:id', '/media/videos', '/media/videos/:video', '/profile', '/profile/edit', '/referral',
      '/stories/:id', '/sweepstakes', '/sweepstakes/:sweepstake',
    ]));
  });
});

describe("the spec's subtype names", () => {
  it('answer with a permanent redirect to the canonical list and challenge addresses, query kept', () => {
    for (const [name, slug] of [['poll', 'polls'], ['pickem', 'pickems'], ['trivia', 'quizzes']]) {
      expect(go(`/challenges/${name}`, adult), name).toEqual({ kind: 'redirect', location: `/challenges/${slug}`, permanent: true });
      expect(go(`/challenges/${name}/c1/`, adult, {}, '?from=mail')).toEqual({
        kind: 'redirect', location: `/challenges/${slug}/c1?from=mail`, permanent: true,
      });
    }
  });

  it('redirect before the sign-in rule, which then applies at the canonical address', () => {
    expect(go('/challenges/trivia/c1', null)).toEqual({ kind: 'redirect', location: '/challenges/quizzes/c1', permanent: true });
  });

  it('keep the challenge id as it was sent, so the canonical page judges it', () => {
    expect(go('/challenges/poll/c%2D1', adult)).toEqual({ kind: 'redirect', location: '/challenges/polls/c%2D1', permanent: true });
    expect(go('/challenges/poll/%5C..%5Cabout', adult).kind).toBe('not-found');
  });

  it('leave the slugs that are already the spec names, and unknown names, alone', () => {
    expect(go('/challenges/arcade', adult)).toEqual({ kind: 'render' });
    expect(go('/challenges/keyword/c1', adult)).toEqual({ kind: 'render' });
    expect(go('/challenges/polls', adult)).toEqual({ kind: 'render' });
    expect(go('/challenges/poll/c1/extra', adult).kind).toBe('not-found');
    expect(go('/challenges/Poll', adult).kind).toBe('not-found');
  });
});
