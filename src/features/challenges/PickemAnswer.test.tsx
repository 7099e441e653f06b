import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import messages from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { PickemAnswer, type PickemAnswerProps } from './PickemAnswer.tsx';
import { bestPickPoints, pickemBadge } from './pickem.ts';

const KICK_OFF = '2026-11-22T15:00:00.000Z';
const props: PickemAnswerProps = {
  challengeId: 'd1', terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en-GB', timeZone: 'Europe/London',
  options: [{ label: 'Terrace FC win', points: 20 }, { label: 'Draw', points: 30 }, { label: 'Millbank Rovers win', points: null }],
  value: 25, pickedIndex: null, locksAt: KICK_OFF, outcome: null, locked: false,
  messages, formKey: '0b7c6a52-2f4e-4d8e-9a55-3f4e6f1d2c11', action: '?_action=challenges.answer', next: { href: '/challenges/polls/p2', title: 'Kit vote' },
};
const render = (over: Partial<PickemAnswerProps>) => renderToStaticMarkup(<PickemAnswer {...props} {...over} />);

describe('PickemAnswer', () => {
  it('offers one submit button per result with its points, marks the pick and says when picks lock', () => {
    const html = render({ pickedIndex: 1 });
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain('<input type="hidden" name="answer" value="poll"/>');
    expect(html.match(/<button[^>]*type="submit"[^>]*name="responseIndex"/g)).toHaveLength(3);
    expect(html).not.toContain('disabled');
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-pressed="true"[^>]*><span[^>]*>Draw<\/span><span[^>]*>30 points<\/span>/);
    expect(html).toMatch(/aria-pressed="false"[^>]*><span[^>]*>Terrace FC win<\/span><span[^>]*>20 points<\/span>/);
    // An option without points of its own earns the challenge's value.
    expect(html).toContain('>25 points</span>');
    expect(html).toContain(`Picks lock at kick-off: <time dateTime="${KICK_OFF}">22 Nov 2026, 15:00</time>.`);
    expect(html).toContain('Your pick: <strong>Draw</strong>. You can change it until kick-off.');
    // Picked: the next thing to do is offered (the pick can still change above it).
    expect(html).toContain('Next challenge: Kit vote');
    expect(render({})).not.toContain('Next challenge');
  });

  it('words the kick-off in Spanish on the club clock', () => {
    const html = render({ messages: es, locale: 'es' });
    expect(html).toContain(`Los pronósticos se cierran al inicio del partido: <time dateTime="${KICK_OFF}">22 nov 2026, 15:00</time>.`);
    expect(html).toContain('Haz tu pronóstico antes del inicio del partido.');
  });

  it('shows no points to an under-18 user', () => {
    const html = render({ underage: true });
    expect(html.match(/<button/g)).toHaveLength(3);
    expect(html).not.toContain('points');
    expect(html).toContain('Make your pick before kick-off.');
  });

  it('shows the pick without buttons once kick-off has passed', () => {
    const html = render({ pickedIndex: 0, locked: true });
    expect(html).not.toContain('<button');
    expect(html).toContain('Picks are closed. The result is not in yet.');
    expect(html).toContain('Your pick: <strong>Terrace FC win</strong>.');
    expect(html).toContain('Next challenge: Kit vote');
  });

  it('shows a correct pick as won, with the points it earned', () => {
    const html = render({ pickedIndex: 1, outcome: 1, locked: true });
    expect(html).not.toContain('<button');
    expect(html).toContain('You called it: Draw. You earned 30 points.');
    expect(render({ pickedIndex: 1, outcome: 1, locked: true, underage: true })).not.toContain('points');
  });

  it('shows a wrong pick as lost, and the result to someone who did not pick', () => {
    const lost = render({ pickedIndex: 2, outcome: 0, locked: true });
    expect(lost).toContain('Not this time. The result was Terrace FC win.');
    expect(lost).toContain('Your pick: <strong>Millbank Rovers win</strong>.');
    expect(lost).not.toContain('points');
    const none = render({ outcome: 0, locked: true });
    expect(none).toContain('The result was Terrace FC win.');
    expect(none).toContain('You did not make a pick.');
  });
});

describe("pick'em rules for pages and cards", () => {
  it("badges a card by its picking and the server's `open`, not by \"Done\"", () => {
    const open = { open: true, outcome: null };
    const kickedOff = { open: false, outcome: null };
    expect(pickemBadge({ ...open, pollResponseIndex: null })).toBeNull();
    expect(pickemBadge({ ...open, pollResponseIndex: 1 })).toBe('picked');
    expect(pickemBadge({ ...kickedOff, pollResponseIndex: 1 })).toBe('awaiting');
    expect(pickemBadge({ ...kickedOff, pollResponseIndex: null })).toBe('closed');
    expect(pickemBadge({ open: false, outcome: 0, pollResponseIndex: 0 })).toBe('won');
    expect(pickemBadge({ open: false, outcome: 0, pollResponseIndex: 2 })).toBe('lost');
    expect(pickemBadge({ open: false, outcome: 0, pollResponseIndex: null })).toBe('closed');
    expect(pickemBadge({ open: true })).toBeUndefined();
  });

  it('offers the best points of an open pick', () => {
    expect(bestPickPoints(props.options, 25)).toBe(30);
    expect(bestPickPoints([], 25)).toBe(25);
  });

  it('cards an open pick with the best points, and a picked or resolved one with its state and pick', () => {
    const card = { challengeId: 'd1', subtype: 'pickem' as const, title: 'Derby', description: '', value: 25, options: props.options };
    const award = { terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en', messages };
    const open = renderToStaticMarkup(<ChallengeCard challenge={{ ...card, open: true, outcome: null, pollResponseIndex: null }} {...award} />);
    expect(open).toMatch(/href="\/challenges\/pickems\/d1".*Up to.*30 points/);
    const picked = renderToStaticMarkup(<ChallengeCard challenge={{ ...card, open: true, outcome: null, pollResponseIndex: 1 }} {...award} />);
    expect(picked).toContain('>Picked</span>');
    expect(picked).toContain('Your pick: <strong>Draw</strong>');
    const won = renderToStaticMarkup(<ChallengeCard challenge={{ ...card, open: false, outcome: 1, pollResponseIndex: 1 }} {...award} />);
    expect(won).toContain('>Won</span>');
    const summary = renderToStaticMarkup(<ChallengeCard challenge={{ ...card, open: false }} {...award} />);
    expect(summary).toContain('>Done</span>');
    const spanish = renderToStaticMarkup(<ChallengeCard challenge={{ ...card, open: true, outcome: null, pollResponseIndex: 1 }} {...award} messages={es} locale="es" />);
    expect(spanish).toContain('>Elegido</span>');
    expect(spanish).toContain('Tu pronóstico: <strong>Draw</strong>');
  });
});
