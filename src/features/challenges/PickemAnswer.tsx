import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { pointsText } from '~/components/ui/points-label.ts';
import { toast } from '~/lib/toast/store.ts';
import type { Challenge } from './challenges.api.ts';
import { formatKickOff, optionPoints, pickemResult } from './pickem.ts';
import { submitAnswer, type AwardDisplay } from './submit.ts';

export interface PickemAnswerProps extends AwardDisplay {
  challengeId: string;
  options: Challenge['options'];
  /** The challenge's value: the points of an option without its own. */
  value: number;
  /** The supporter's current pick, if any. */
  pickedIndex: number | null;
  /** Kick-off: picks lock then. */
  locksAt: string | null;
  /** The winning option once an operator has set it. */
  outcome: number | null;
  /** Kick-off has passed or the outcome is set: no buttons. */
  locked: boolean;
  /** The club's time zone, for the kick-off time. */
  timeZone: string;
}

const CARD = 'mt-4 rounded-lg bg-surface p-4';

/** A pick'em: one button per result with its points; the pick can change until kick-off, then the result. */
export function PickemAnswer({ challengeId, options, value, pickedIndex, locksAt, outcome, locked, timeZone, ...display }: PickemAnswerProps) {
  const [picked, setPicked] = useState(pickedIndex);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const points = (i: number) => pointsText(optionPoints(options[i]!, value), display.terms, display.locale);
  const pickedLabel = picked === null ? null : options[picked]?.label;

  async function choose(responseIndex: number): Promise<void> {
    setBusy(true);
    setMessage('');
    const result = await submitAnswer(challengeId, { poll: { responseIndex } });
    setBusy(false);
    if (!result.ok) return setMessage(result.message);
    setPicked(responseIndex);
    // Nothing is awarded now: points come when the operator sets the result.
    toast({ title: 'Pick saved', description: `Your pick: ${options[responseIndex]!.label}. You can change it until kick-off.` });
  }

  if (locked) {
    const result = pickemResult(picked, outcome);
    const winner = outcome === null ? undefined : options[outcome]?.label;
    return (
      <div className={CARD}>
        {result === 'won' && (
          <p className="text-lg font-bold">
            You called it: {winner}.{display.underage ? '' : ` You earned ${points(outcome!)}.`}
          </p>
        )}
        {result === 'lost' && <p className="text-lg font-bold">Not this time. The result was {winner}.</p>}
        {result === 'no-pick' && <p className="text-lg font-bold">The result was {winner}.</p>}
        {result === 'pending' && <p className="text-lg font-bold">Picks are closed. The result is not in yet.</p>}
        <p className="mt-1">
          {pickedLabel ? <>Your pick: <strong>{pickedLabel}</strong>.</> : 'You did not make a pick.'}
        </p>
      </div>
    );
  }

  return (
    <div className="mt-4">
      <p className="text-sm text-muted">
        {locksAt
          // The server and the browser may word a date slightly differently; the text is the same moment.
          ? <>Picks lock at kick-off: <time dateTime={locksAt} suppressHydrationWarning>{formatKickOff(locksAt, display.locale, timeZone)}</time>.</>
          : 'Picks stay open until the result is in.'}
      </p>
      <ul className="mt-3 space-y-2" aria-label="Results to pick">
        {options.map((o, i) => (
          <li key={o.label}>
            <Button variant={i === picked ? 'primary' : 'tertiary'} className="w-full" aria-pressed={i === picked}
              disabled={!ready || busy} onClick={() => void choose(i)}>
              <span className="flex-1 text-left">{o.label}</span>
              {!display.underage && <span className="shrink-0 text-sm font-bold">{points(i)}</span>}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        {pickedLabel ? <>Your pick: <strong>{pickedLabel}</strong>. You can change it until kick-off.</> : 'Make your pick before kick-off.'}
      </p>
      {message && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
    </div>
  );
}
