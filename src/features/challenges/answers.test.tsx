import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import { challengeHref, slugOfSubtype } from './challenge.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { PollAnswer } from './PollAnswer.tsx';
import { FeedbackAnswer, KeywordAnswer } from './TextAnswer.tsx';

const award = { terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en' };

describe('challenge links', () => {
  it('maps subtypes to their tab slugs; feedback has none', () => {
    expect(slugOfSubtype('trivia')).toBe('quizzes');
    expect(slugOfSubtype('pickem')).toBe('pickems');
    expect(slugOfSubtype('feedback')).toBeUndefined();
    expect(challengeHref({ challengeId: 'q1', subtype: 'trivia' })).toBe('/challenges/quizzes/q1');
    expect(challengeHref({ challengeId: 'f1', subtype: 'feedback' })).toBe('/challenges/polls/f1');
    // An id is data: whatever it holds, the link stays a path under /challenges on this site.
    expect(challengeHref({ challengeId: '/evil.example', subtype: 'poll' })).toBe('/challenges');
    expect(challengeHref({ challengeId: '..', subtype: 'poll' })).toMatch(/^\/challenges(\/|$)/);
  });
});

describe('ChallengeCard', () => {
  const c = { challengeId: 'p1', subtype: 'poll' as const, title: 'Kit?', description: 'Pick one', value: 15, open: true };
  it('links to the challenge with its points, or "Done" once answered', () => {
    expect(renderToStaticMarkup(<ChallengeCard challenge={c} {...award} />)).toMatch(/href="\/challenges\/polls\/p1".*15 points/);
    const done = renderToStaticMarkup(<ChallengeCard challenge={{ ...c, open: false }} {...award} />);
    expect(done).toContain('>Done</span>');
    expect(done).not.toContain('points');
  });
});

describe('answer islands, rendered on the server', () => {
  it('offers one button per poll option, and only the vote once answered', () => {
    const open = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={null} closed={false} {...award} />);
    expect(open.match(/<button/g)).toHaveLength(2);
    const voted = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={1} closed {...award} />);
    expect(voted).toContain('You voted for <strong>Away</strong>.');
    expect(voted).not.toContain('<button');
  });

  it('shows the shares of an earlier vote, and of a closed poll to someone who did not vote', () => {
    const shares = { totalVotes: 3, options: [{ label: 'Home', votes: 1, percent: 33 }, { label: 'Away', votes: 2, percent: 67 }] };
    const voted = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={1} closed shares={shares} {...award} />);
    expect(voted).toContain('aria-label="Results"');
    expect(voted).toContain('You voted for <strong>Away</strong>.');
    expect(voted).toContain('<span>Away (your vote)</span><span>67%</span>');
    expect(voted).toContain('style="width:33%"');
    expect(voted).toContain('3 votes');
    expect(voted).not.toContain('<button');
    const closed = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={null} closed shares={shares} {...award} />);
    expect(closed).toContain('This poll has closed.');
    expect(closed).toContain('<span>Home</span><span>33%</span>');
    expect(closed).not.toContain('your vote');
  });

  it('shows a keyword field, or the keyword found, and a feedback textarea', () => {
    expect(renderToStaticMarkup(<KeywordAnswer challengeId="k1" answered={null} closed={false} {...award} />)).toContain('<input');
    const found = renderToStaticMarkup(<KeywordAnswer challengeId="k1" answered="Lamplighter" closed {...award} />);
    expect(found).toContain('You found the keyword: <strong>Lamplighter</strong>');
    expect(found).not.toContain('<form');
    expect(renderToStaticMarkup(<FeedbackAnswer challengeId="f1" answered={null} closed={false} {...award} />)).toContain('<textarea');
  });
});
