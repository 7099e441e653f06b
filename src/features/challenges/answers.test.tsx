import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import messages from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { challengeHref, slugOfSubtype } from './challenge.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { PollAnswer } from './PollAnswer.tsx';
import { FeedbackAnswer, KeywordAnswer } from './TextAnswer.tsx';

const award = { terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en' };
// What the page hands every answer island besides its own props.
const form = { messages, formKey: '0b7c6a52-2f4e-4d8e-9a55-3f4e6f1d2c11', action: '?_action=challenges.answer', next: { href: '/challenges/quizzes/q2', title: 'Squad quiz' } };

describe('challenge links', () => {
  it('maps subtypes to their tab slugs; feedback has none', () => {
    expect(slugOfSubtype('trivia')).toBe('quizzes');
    expect(slugOfSubtype('pickem')).toBe('pickems');
    expect(slugOfSubtype('feedback')).toBeUndefined();
    expect(challengeHref({ challengeId: 'q1', subtype: 'trivia' })).toBe('/challenges/quizzes/q1');
    // Feedback has no tab: it has an address of its own.
    expect(challengeHref({ challengeId: 'f1', subtype: 'feedback' })).toBe('/challenges/feedback/f1');
    // An id is data: whatever it holds, the link stays a path under /challenges on this site.
    expect(challengeHref({ challengeId: '/evil.example', subtype: 'poll' })).toBe('/challenges');
    expect(challengeHref({ challengeId: '..', subtype: 'poll' })).toMatch(/^\/challenges(\/|$)/);
  });
});

describe('ChallengeCard', () => {
  const c = { challengeId: 'p1', subtype: 'poll' as const, title: 'Kit?', description: 'Pick one', value: 15, open: true };
  it('links to the challenge with its points, or "Done" once answered', () => {
    expect(renderToStaticMarkup(<ChallengeCard challenge={c} {...award} messages={messages} />)).toMatch(/href="\/challenges\/polls\/p1".*15 points/);
    const done = renderToStaticMarkup(<ChallengeCard challenge={{ ...c, open: false }} {...award} messages={messages} />);
    expect(done).toContain('>Done</span>');
    expect(done).not.toContain('points');
  });
});

describe('answer islands, rendered on the server', () => {
  it('offers a form that votes without JavaScript: one enabled submit button per option', () => {
    const open = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={null} closed={false} {...award} {...form} />);
    expect(open).toMatch(/<form [^>]*method="post"/);
    expect(open).toContain('<input type="hidden" name="answer" value="poll"/>');
    expect(open).toContain(`<input type="hidden" name="idempotencyKey" value="${form.formKey}"/>`);
    const buttons = open.match(/<button [^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    buttons.forEach((button, i) => {
      expect(button).toContain('type="submit"');
      expect(button).toContain('name="responseIndex"');
      expect(button).toContain(`value="${i}"`);
    });
    // Usable before (and without) hydration.
    expect(open).not.toContain('disabled');
    // No next step before the vote.
    expect(open).not.toContain('Next challenge');
  });

  it('shows a refused vote beside the form', () => {
    const html = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home']} votedIndex={null} closed={false} {...award} {...form} error="This challenge has closed." />);
    expect(html).toMatch(/<form [^>]*aria-describedby="poll-p1-error"/);
    expect(html).toContain('<p id="poll-p1-error" role="alert" class="mt-2 text-sm text-red-700">This challenge has closed.</p>');
  });

  it('shows only the vote once answered, and the next thing to do', () => {
    const voted = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={1} closed {...award} {...form} />);
    expect(voted).toContain('You voted for <strong>Away</strong>.');
    expect(voted).not.toContain('<button');
    expect(voted).toMatch(/<a href="\/challenges\/quizzes\/q2"[^>]*>Next challenge: Squad quiz<\/a>/);
    const last = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={1} closed {...award} {...form} next={null} />);
    expect(last).toContain('You have answered every open challenge.');
    expect(last).toMatch(/<a href="\/challenges"[^>]*>Back to challenges<\/a>/);
  });

  it('speaks the page language', () => {
    const html = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={0} closed {...award} {...form} messages={es} locale="es" />);
    expect(html).toContain('Has votado por <strong>Home</strong>.');
    expect(html).toContain('Siguiente reto: Squad quiz');
  });

  it('shows the shares of an earlier vote, and of a closed poll to someone who did not vote', () => {
    const shares = { totalVotes: 3, options: [{ label: 'Home', votes: 1, percent: 33 }, { label: 'Away', votes: 2, percent: 67 }] };
    const voted = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={1} closed shares={shares} {...award} {...form} />);
    expect(voted).toContain('aria-label="Results"');
    expect(voted).toContain('You voted for <strong>Away</strong>.');
    expect(voted).toContain('<span>Away (your vote)</span><span>67%</span>');
    expect(voted).toContain('style="width:33%"');
    expect(voted).toContain('3 votes');
    expect(voted).not.toContain('<button');
    const closed = renderToStaticMarkup(<PollAnswer challengeId="p1" options={['Home', 'Away']} votedIndex={null} closed shares={shares} {...award} {...form} />);
    expect(closed).toContain('This poll has closed.');
    expect(closed).toContain('<span>Home</span><span>33%</span>');
    expect(closed).not.toContain('your vote');
  });

  it('shows a keyword form that works without JavaScript, or the keyword found, and a feedback textarea', () => {
    const keyword = renderToStaticMarkup(<KeywordAnswer challengeId="k1" answered={null} closed={false} {...award} {...form} />);
    expect(keyword).toMatch(/<form [^>]*method="post"/);
    expect(keyword).toContain('<input type="hidden" name="answer" value="input"/>');
    const field = keyword.match(/<input id="keyword-k1"[^>]*>/)?.[0];
    expect(field).toContain('name="response"');
    expect(field).toContain('required=""');
    expect(keyword).toMatch(/<button type="submit"[^>]*>Submit<\/button>/);
    expect(keyword).not.toContain('disabled');
    const found = renderToStaticMarkup(<KeywordAnswer challengeId="k1" answered="Lamplighter" closed {...award} {...form} />);
    expect(found).toContain('You found the keyword: <strong>Lamplighter</strong>');
    expect(found).not.toContain('<form');
    expect(found).toContain('Next challenge: Squad quiz');
    const feedback = renderToStaticMarkup(<FeedbackAnswer challengeId="f1" answered={null} closed={false} {...award} {...form} />);
    const textarea = feedback.match(/<textarea id="feedback-f1"[^>]*>/)?.[0];
    expect(textarea).toContain('name="response"');
    expect(textarea).toContain('maxLength="2000"');
  });

  it('puts a refused keyword back in the field, with the refusal beside it and focus on it', () => {
    const html = renderToStaticMarkup(
      <KeywordAnswer challengeId="k1" answered={null} closed={false} {...award} {...form} error="That is not the keyword. Try again." draft="Floodlight" />,
    );
    const field = html.match(/<input id="keyword-k1"[^>]*>/)?.[0];
    expect(field).toContain('value="Floodlight"');
    expect(field).toContain('aria-invalid="true" aria-describedby="keyword-k1-error" autofocus=""');
    expect(html).toContain('<p id="keyword-k1-error" role="alert" class="mt-1 text-sm text-red-700">That is not the keyword. Try again.</p>');
  });
});
