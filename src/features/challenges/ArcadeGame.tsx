import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { pointsText } from '~/components/ui/points-label.ts';
import { formatNumber } from '~/components/ui/format-number.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { beginGame, nextSpot, type ArcadeRules } from './arcade.ts';
import { refusalMessage } from './answer-messages.ts';
import { fill } from './fill.tsx';
import { NextStep } from './NextStep.tsx';
import type { NextChallenge } from './open-challenges.ts';
import { submitAnswer } from './arcade-submit.ts';
import type { AwardDisplay } from './submit.ts';

export interface ArcadeGameProps extends AwardDisplay {
  challengeId: string;
  rules: ArcadeRules;
  /** The score of the supporter's game, once played. */
  playedScore: number | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
  /** The page's `challenges.*` messages. */
  messages: Partial<Messages>;
  /** Where to go once played. */
  next: NextChallenge | null;
}

type Phase =
  | { name: 'ready' }
  | { name: 'playing'; ticket: string; endsAt: number }
  | { name: 'sending'; ticket: string }
  | { name: 'failed'; ticket: string }
  | { name: 'done'; score: number; points: number };

/**
 * Keepy-uppy: tap the ball as often as you can before the whistle. The server issues a ticket at the
 * start and judges the score it gets back (capped by the time played), so the game itself stays simple.
 * It needs JavaScript: until hydrated there is no Start button (the page says so in words when script is off).
 */
export function ArcadeGame({ challengeId, rules, playedScore, closed, messages, next, ...award }: ArcadeGameProps) {
  const t = translator(messages, award.locale);
  const [phase, setPhase] = useState<Phase>(playedScore === null ? { name: 'ready' } : { name: 'done', score: playedScore, points: -1 });
  const [touches, setTouches] = useState(0);
  const [now, setNow] = useState(0);
  const [spot, setSpot] = useState({ x: 50, y: 50 });
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  const score = useRef(0);
  const field = useRef<HTMLDivElement>(null);
  // The timer may tick again before React drops it: a game's score is sent once per attempt.
  const sending = useRef(false);
  useEffect(() => setReady(true), []);
  // The field is drawn once the game starts: then it is brought into view, whole, above the tab bar.
  const playing = phase.name === 'playing';
  useEffect(() => { if (playing) field.current?.scrollIntoView({ block: 'center' }); }, [playing]);
  const { terms, underage, locale } = award;
  const touchesText = (count: number) => t('challenges.arcade.touches', { count, n: formatNumber(count, locale) });

  useEffect(() => {
    if (phase.name !== 'playing') return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= phase.endsAt) void send(phase.ticket);
    }, 100);
    return () => clearInterval(timer);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per game (phase); send is read at each tick
  }, [phase]);

  async function start(): Promise<void> {
    setMessage('');
    const started = await beginGame(challengeId);
    if (!started.ok) return setMessage(started.problem ? refusalMessage(started.problem, 'arcade', t) : t('challenges.arcade.startFailed'));
    score.current = 0;
    sending.current = false;
    setTouches(0);
    setNow(Date.now());
    setPhase({ name: 'playing', ticket: started.ticket, endsAt: Date.now() + rules.durationSeconds * 1000 });
  }

  async function send(ticket: string): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setPhase({ name: 'sending', ticket });
    const result = await submitAnswer(challengeId, { input: { response: String(score.current), ticket } });
    sending.current = false;
    if (!result.ok) {
      setMessage(refusalMessage(result.problem, 'arcade', t));
      return setPhase({ name: 'failed', ticket });
    }
    const accepted = result.data.arcade?.score ?? score.current;
    const points = result.data.pointsAwarded;
    setPhase({ name: 'done', score: accepted, points });
    const scored = t('challenges.arcade.scoredToast', { touches: touchesText(accepted) });
    const notice = points <= 0 ? null : underage ? { title: scored } : { title: t('challenges.answer.earned', { points: pointsText(points, terms, locale) }), description: scored };
    afterAward(result.data.standing, notice, { messages, locale: award.locale });
  }

  function touch(): void {
    score.current += 1;
    setTouches(score.current);
    setSpot((last) => nextSpot(last));
  }

  if (phase.name === 'done') {
    const strongScore = <strong>{touchesText(phase.score)}</strong>;
    return (
      <>
        <p role="status" className="mt-4 rounded-lg bg-surface p-4">
          {phase.points > 0 && !underage
            ? fill(t('challenges.arcade.scoredEarned', { points: pointsText(phase.points, terms, locale) }), 'touches', strongScore)
            : fill(t('challenges.arcade.scored'), 'touches', strongScore)}
        </p>
        <NextStep next={next} t={t} />
      </>
    );
  }
  if (closed) {
    return (
      <>
        <p className="mt-4 rounded-lg bg-surface p-4">{t('challenges.answer.closed')}</p>
        <NextStep next={next} t={t} />
      </>
    );
  }

  if (phase.name === 'ready') {
    return (
      <div className="mt-4 rounded-lg bg-surface p-4">
        <p>{t('challenges.arcade.rules', { count: rules.durationSeconds, n: formatNumber(rules.durationSeconds, locale) })}</p>
        {!underage && (
          <ul className="mt-2 list-disc pl-5 text-sm">
            {rules.tiers.map((tier) => (
              <li key={tier.minScore}>{t('challenges.arcade.tier', { touches: touchesText(tier.minScore), points: pointsText(tier.points, terms, locale) })}</li>
            ))}
          </ul>
        )}
        {/* Without script there is no game: no button until the island runs (the page explains it in a <noscript>). */}
        {ready && <Button variant="primary" className="mt-4 w-full" onClick={() => void start()}>{t('challenges.arcade.start')}</Button>}
        {message && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
      </div>
    );
  }

  const left = phase.name === 'playing' ? Math.max(0, Math.ceil((phase.endsAt - now) / 1000)) : 0;
  return (
    <div className="mt-4">
      <p className="flex justify-between font-semibold" aria-live="off">
        <span role="timer">{t('challenges.arcade.secondsLeft', { n: formatNumber(left, locale) })}</span><span>{touchesText(touches)}</span>
      </p>
      {/* Never taller than the screen less the header and the tab bar, and brought into view as the game starts:
          on a small phone the whole field, and so the ball, stays above the tab bar. */}
      <div ref={field} data-arcade-field className="relative mx-auto mt-2 aspect-square w-[min(100%,calc(100dvh-8rem))] scroll-my-20 touch-manipulation select-none overflow-hidden rounded-xl bg-[#2f7d3b]">
        {phase.name === 'playing' && (
          <button
            type="button" aria-label={t('challenges.arcade.ball')} onClick={touch}
            className="absolute size-16 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-black bg-white shadow-lg transition-[left,top] duration-100 focus-visible:outline-2 focus-visible:outline-white"
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
          />
        )}
        {phase.name !== 'playing' && (
          <p className="absolute inset-0 grid place-items-center p-4 text-center font-semibold text-white">
            {phase.name === 'sending' ? t('challenges.arcade.sending') : t('challenges.arcade.sendFailed')}
          </p>
        )}
      </div>
      {phase.name === 'failed' && (
        <>
          <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>
          <Button variant="primary" className="mt-2 w-full" onClick={() => void send(phase.ticket)}>{t('challenges.arcade.sendAgain')}</Button>
          <Button variant="tertiary" className="mt-2 w-full" onClick={() => void start()}>{t('challenges.arcade.newGame')}</Button>
        </>
      )}
    </div>
  );
}
