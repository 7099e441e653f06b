import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import { FeedbackPrompt } from './FeedbackPrompt.tsx';

const challenge = { challengeId: 'c9', title: 'How was match day?', description: 'Tell us about the stadium.', hint: 'Takes a minute', value: 25 };

describe('FeedbackPrompt', () => {
  it('shows the title, description, hint and points', () => {
    const html = renderToStaticMarkup(<FeedbackPrompt challenge={challenge} terms={DEFAULT_POINT_TERMS} underage={false} />);
    expect(html).toContain('<h2 id="feedback-c9-title"');
    expect(html).toContain('>How was match day?</h2>');
    expect(html).toContain('>Tell us about the stadium.</p>');
    expect(html).toContain('>Takes a minute</p>');
    expect(html).toContain('<span class="sr-only">25 points</span>');
    expect(html).not.toContain('<a ');
  });

  it('hides the points from an under-18 user', () => {
    const html = renderToStaticMarkup(<FeedbackPrompt challenge={challenge} terms={DEFAULT_POINT_TERMS} underage />);
    expect(html).not.toContain('points');
    expect(html).toContain('How was match day?');
  });

  it('links to the answer page when given one', () => {
    const html = renderToStaticMarkup(
      <FeedbackPrompt challenge={challenge} terms={DEFAULT_POINT_TERMS} underage={false} href="/challenges/c9" ctaLabel="Answer" headingLevel={3} />,
    );
    expect(html).toMatch(/<a href="\/challenges\/c9"[^>]*>Answer<\/a>/);
    expect(html).toContain('<h3 ');
  });

  it('leaves out an empty description or hint', () => {
    const html = renderToStaticMarkup(<FeedbackPrompt challenge={{ ...challenge, description: '', hint: '' }} terms={DEFAULT_POINT_TERMS} underage={false} />);
    expect(html).not.toContain('<p');
  });
});
