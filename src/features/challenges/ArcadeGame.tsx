import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel } from '~/components/ui/points-label.ts';
import { beginGame, nextSpot, type ArcadeRules } from './arcade.ts';
import { submitAnswer, toastAward, type AwardDisplay } from './submit.ts';

export interface ArcadeGameProps extends AwardDisplay {
  challengeId: string;
  rules: ArcadeRules;
  /** The score of the supporter's game, once played. */
  playedScore: number | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
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
 */
export function ArcadeGame({ challengeId, rules, playedScore, closed, ...award }: ArcadeGameProps) {
  const [phase, setPhase] = useState<Phase>(playedScore === null ? { name: 'ready' } : { name: 'done', score: playedScore, points: -1 });
  const [touches, setTouches] = useState(0);
  const [now, setNow] = useState(0);
  const [spot, setSpot] = useState({ x: 50, y: 50 });
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  const score = useRef(0);
  // The timer may tick again before React drops it: a game's score is sent once per attempt.
  const sending = useRef(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (phase.name !== 'playing') return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= phase.endsAt) void send(phase.ticket);
    }, 100);
    return () => clearInterval(timer);
  }, [phase]);

  async function start(): Promise<void> {
    setMessage('');
    const started = await beginGame(challengeId);
    if (!started.ok) return setMessage(started.message);
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
      setMessage(result.message);
      return setPhase({ name: 'failed', ticket });
    }
    const accepted = result.data.arcade?.score ?? score.current;
    setPhase({ name: 'done', score: accepted, points: result.data.pointsAwarded });
    toastAward(result.data.pointsAwarded, `You scored ${accepted} ${accepted === 1 ? 'touch' : 'touches'}`, award);
  }

  function touch(): void {
    score.current += 1;
    setTouches(score.current);
    setSpot((last) => nextSpot(last));
  }

  const { terms, underage, locale } = award;
  const tiers = rules.tiers.map((t) => `${t.minScore} touches: ${formatNumber(t.points, locale)} ${pointsLabel(t.points, terms)}`);

  if (phase.name === 'done') {
    return (
      <p role="status" className="mt-4 rounded-lg bg-surface p-4">
        You scored <strong>{phase.score} {phase.score === 1 ? 'touch' : 'touches'}</strong>
        {phase.points > 0 && !underage ? <> and earned {formatNumber(phase.points, locale)} {pointsLabel(phase.points, terms)}.</> : '.'}
      </p>
    );
  }
  if (closed) return <p className="mt-4 rounded-lg bg-surface p-4">This challenge has closed.</p>;

  if (phase.name === 'ready') {
    return (
      <div className="mt-4 rounded-lg bg-surface p-4">
        <p>Tap the ball as many times as you can in {rules.durationSeconds} seconds. You get one scored game.</p>
        {!underage && <ul className="mt-2 list-disc pl-5 text-sm">{tiers.map((t) => <li key={t}>{t}</li>)}</ul>}
        <Button variant="primary" className="mt-4 w-full" disabled={!ready} onClick={() => void start()}>Start game</Button>
        {message && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
      </div>
    );
  }

  const left = phase.name === 'playing' ? Math.max(0, Math.ceil((phase.endsAt - now) / 1000)) : 0;
  return (
    <div className="mt-4">
      <p className="flex justify-between font-semibold" aria-live="off">
        <span role="timer">{left} s left</span><span>{touches} {touches === 1 ? 'touch' : 'touches'}</span>
      </p>
      <div className="relative mt-2 aspect-square w-full touch-manipulation select-none overflow-hidden rounded-xl bg-[#2f7d3b]">
        {phase.name === 'playing' && (
          <button
            type="button" aria-label="Ball" onClick={touch}
            className="absolute size-16 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-black bg-white shadow-lg transition-[left,top] duration-100 focus-visible:outline-2 focus-visible:outline-white"
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
          />
        )}
        {phase.name !== 'playing' && (
          <p className="absolute inset-0 grid place-items-center p-4 text-center font-semibold text-white">
            {phase.name === 'sending' ? 'Full time. Sending your score…' : 'Your score could not be sent.'}
          </p>
        )}
      </div>
      {phase.name === 'failed' && (
        <>
          <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>
          <Button variant="primary" className="mt-2 w-full" onClick={() => void send(phase.ticket)}>Send score again</Button>
          <Button variant="tertiary" className="mt-2 w-full" onClick={() => void start()}>New game</Button>
        </>
      )}
    </div>
  );
}
