import { useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { pointsText } from '~/components/ui/points-label.ts';
import { formatDateTime } from '~/shared/i18n/format.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { RESPONSE_INDEX_FIELD } from './answer-form.ts';
import type { Challenge } from './challenges.api.ts';
import { fill } from './fill.tsx';
import { AnswerFields } from './AnswerFields.tsx';
import { NextStep } from './NextStep.tsx';
import type { NextChallenge } from './open-challenges.ts';
import { optionPoints, pickemResult } from './pickem.ts';
import { useOptionAnswer, type AnswerAction, type AwardDisplay } from './submit.ts';

export interface PickemAnswerProps extends AwardDisplay, AnswerAction {
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
  /** The page's `challenges.*` messages. */
  messages: Partial<Messages>;
  /** The no-script form's idempotency key. */
  formKey: string;
  /** A refusal of the form posted without JavaScript, shown beside it. */
  error?: string | null;
  /** Where to go once picked. */
  next: NextChallenge | null;
}

const CARD = 'mt-4 rounded-lg bg-surface p-4';

/**
 * A pick'em: a form with one submit button per result and its points, which picks without JavaScript;
 * once hydrated the island sends the same form to the same action, in place. The pick can change until kick-off, then the result.
 */
export function PickemAnswer({
  challengeId, options, value, pickedIndex, locksAt, outcome, locked, timeZone, messages, formKey, action, error = null, next, ...display
}: PickemAnswerProps) {
  const t = translator(messages, display.locale);
  const [picked, setPicked] = useState(pickedIndex);
  const points = (i: number) => pointsText(optionPoints(options[i]!, value), display.terms, display.locale);
  const pickedLabel = picked === null ? null : options[picked]?.label;
  const strongPick = <strong>{pickedLabel}</strong>;

  const { busy, message, submit: choose } = useOptionAnswer(t('challenges.answer.failed'), error, (responseIndex, data) => {
    setPicked(responseIndex);
    // Nothing is awarded now: points come when the operator sets the result.
    afterAward(data.standing, data.toast, { messages, locale: display.locale });
  });

  if (locked) {
    const result = pickemResult(picked, outcome);
    const winner = outcome === null ? '' : options[outcome]?.label ?? '';
    return (
      <>
        <div className={CARD}>
          {result === 'won' && (
            <p className="text-lg font-bold">
              {t('challenges.pickem.won', { winner })}
              {display.underage ? '' : ` ${t('challenges.pickem.earned', { points: points(outcome!) })}`}
            </p>
          )}
          {result === 'lost' && <p className="text-lg font-bold">{t('challenges.pickem.lost', { winner })}</p>}
          {result === 'no-pick' && <p className="text-lg font-bold">{t('challenges.pickem.result', { winner })}</p>}
          {result === 'pending' && <p className="text-lg font-bold">{t('challenges.pickem.pending')}</p>}
          <p className="mt-1">{pickedLabel ? fill(t('challenges.pickem.yourPick'), 'pick', strongPick) : t('challenges.pickem.noPick')}</p>
        </div>
        <NextStep next={next} t={t} />
      </>
    );
  }

  const errorId = `pickem-${challengeId}-error`;
  return (
    <>
      <form method="post" action={action} className="mt-4" onSubmit={(e) => void choose(e)} aria-describedby={message ? errorId : undefined}>
        <AnswerFields challengeId={challengeId} answer="poll" formKey={formKey} />
        <p className="text-sm text-muted">
          {locksAt
            // The server and the browser may word a date slightly differently; the text is the same moment.
            ? fill(t('challenges.pickem.locksAt'), 'time', (
              <time dateTime={locksAt} suppressHydrationWarning>{formatDateTime(locksAt, display.locale, timeZone)}</time>
            ))
            : t('challenges.pickem.openUntilResult')}
        </p>
        <fieldset className="mt-3">
          <legend className="sr-only">{t('challenges.pickem.choose')}</legend>
          <ul className="space-y-2">
            {options.map((o, i) => (
              <li key={i}>
                <Button type="submit" name={RESPONSE_INDEX_FIELD} value={String(i)} variant={i === picked ? 'primary' : 'tertiary'}
                  className="w-full" aria-pressed={i === picked} disabled={busy}>
                  <span className="flex-1 text-left">{o.label}</span>
                  {!display.underage && <span className="shrink-0 text-sm font-bold">{points(i)}</span>}
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>
        <p className="mt-2 text-sm" role="status">
          {pickedLabel ? fill(t('challenges.pickem.pickCanChange'), 'pick', strongPick) : t('challenges.pickem.makePick')}
        </p>
        {message && <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
      </form>
      {picked !== null && <NextStep next={next} t={t} />}
    </>
  );
}
