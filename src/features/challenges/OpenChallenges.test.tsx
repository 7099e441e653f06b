import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveOpenChallenges } from './LiveOpenChallenges.tsx';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import messages from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import type { Challenge } from './challenges.api.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { summarize, type ChallengeSummary } from './open-challenges.ts';
import { OpenChallenges } from './OpenChallenges.tsx';
import { $challenges } from './challenges.store.ts';

const item = (id: string, over: Partial<ChallengeSummary> = {}): ChallengeSummary => ({
  challengeId: id, type: 'poll', subtype: 'poll', title: `Poll ${id}`, description: `About ${id}`, value: 15, open: true, ...over,
});
const render = (initial: ChallengeSummary[] | null, over: { messages?: typeof messages; locale?: string } = {}) =>
  renderToStaticMarkup(<OpenChallenges challenges={initial} terms={DEFAULT_POINT_TERMS} underage={false} locale="en" messages={messages} {...over} />);
const titles = (html: string) => [...html.matchAll(/>(Poll \w+|Quiz \w+)</g)].map((m) => m[1]);

afterEach(() => $challenges.set(null));

describe('OpenChallenges', () => {
  it('lists at most five open challenges, newest first, each linking to its page, without feedback', () => {
    const list = [item('a'), item('fb', { type: 'input', subtype: 'feedback', title: 'Feedback' }),
      item('b', { subtype: 'trivia', type: 'trivia', title: 'Quiz b' }), item('c'), item('d'), item('e'), item('f')];
    const html = render(list);
    expect(titles(html)).toEqual(['Poll a', 'Quiz b', 'Poll c', 'Poll d', 'Poll e']);
    expect(html).toContain('href="/challenges/polls/a"');
    expect(html).toContain('href="/challenges/quizzes/b"');
    expect(html).not.toContain('Feedback');
    expect(html).toContain('<span class="sr-only">15 points</span>');
  });

  it('says so when nothing is open, with what comes next and a next action', () => {
    const html = render([item('x', { open: false })]);
    expect(html).toContain('You have answered everything for now.');
    expect(html).toContain('New polls, quizzes and pick&#x27;ems arrive before every matchday.');
    expect(html).toMatch(/<a href="\/history"[^>]*>See your points history<\/a>/);
    expect(render([], { messages: es, locale: 'es' })).toContain('Por ahora lo has respondido todo.');
  });

  it('says so, as an alert with a way to try again, when the list could not be loaded', () => {
    const html = render(null);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The challenges could not be loaded.');
    expect(html).toMatch(/<a href="\/dashboard"[^>]*>Try again<\/a>/);
  });

  it("on a signed-in dashboard, shows the server's list (its slot) until the hourly refresh brings a new one", async () => {
    const island = (
      <LiveOpenChallenges terms={DEFAULT_POINT_TERMS} underage={false} locale="en" messages={messages}>
        <OpenChallenges challenges={[item('a'), item('b')]} terms={DEFAULT_POINT_TERMS} underage={false} locale="en" messages={messages} />
      </LiveOpenChallenges>
    );
    expect(renderToStaticMarkup(island)).toBe(render([item('a'), item('b')]));
    $challenges.set([item('a', { open: false }), item('b'), item('c')]);
    // The refreshed list is drawn by code fetched then (a lazy component): rendered once it has loaded.
    const { prelude } = await prerender(island);
    expect(titles(await new Response(prelude).text())).toEqual(['Poll b', 'Poll c']);
  });
});

describe('a summary', () => {
  it('draws the same card as the whole challenge, for every subtype (the dashboard matches /challenges)', () => {
    const full = (subtype: Challenge['subtype'], type: Challenge['type']): Challenge => ({
      challengeId: `c-${subtype}`, type, subtype, title: 'T', description: 'D', hint: null, value: 20,
      mediaId: null, visibleFrom: '2026-01-01T00:00:00.000Z', game: null, expiresOn: null, closesAt: null, completed: false, open: true, userResponse: null, pollResponseIndex: null,
      outcome: null, challengeType: null, options: [{ label: 'Home win', points: 20 }, { label: 'Draw', points: 40 }],
    });
    const card = (c: ChallengeSummary) => renderToStaticMarkup(<ChallengeCard challenge={c} terms={DEFAULT_POINT_TERMS} underage={false} locale="en" messages={messages} />);
    for (const [subtype, type] of [['poll', 'poll'], ['pickem', 'poll'], ['trivia', 'trivia'], ['keyword', 'input'], ['arcade', 'input']] as const) {
      expect(card(summarize(full(subtype, type)))).toBe(card(full(subtype, type)));
    }
  });
});
