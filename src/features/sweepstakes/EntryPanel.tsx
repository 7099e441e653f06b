import { useEffect, useState, type SubmitEvent } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { submitAction } from '~/lib/forms/submit-action.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { clampCount, COUNT_FIELD, SWEEPSTAKE_FIELD } from './entry-form.ts';

export interface EntryPanelProps {
  sweepstakeId: string;
  costPerEntry: number;
  entryCount: number;
  /** Entries the supporter may still add under the cap, and whether the free one is still theirs. */
  remaining: number;
  freeEntryAvailable: boolean;
  /** The supporter's spendable points as the page was rendered. */
  balance: number;
  terms: PointTerms;
  locale: string;
  /** The page's `sweepstakes.entry.*` and `rank.*` messages. */
  messages: Partial<Messages>;
  /** Where the two forms post without JavaScript: the page with each action's query, at this section. */
  actions: { enter: string; free: string };
  /** The no-script forms' idempotency keys. */
  formKeys: { enter: string; free: string };
  /** A refusal of a form posted without JavaScript, and the count it asked for. */
  problem?: string | undefined;
  postedCount?: number | undefined;
}

/**
 * The entry control: a form for `count` paid entries and the free entry's form, for the entry actions
 * (src/actions/sweepstakes.ts), both working without JavaScript (the page answers them). Hydrated, it
 * adds a stepper with the total and the balance after, calls the action itself and updates the balance
 * everywhere from the answer's `standing`.
 */
export function EntryPanel(props: EntryPanelProps) {
  const { sweepstakeId, costPerEntry, terms, locale, messages, actions, formKeys } = props;
  const t = translator(messages, locale);
  const [hydrated, setHydrated] = useState(false);
  const [entries, setEntries] = useState(props.entryCount);
  const [remaining, setRemaining] = useState(props.remaining);
  const [freeAvailable, setFreeAvailable] = useState(props.freeEntryAvailable);
  const [balance, setBalance] = useState(props.balance);
  // What the field holds, as typed (it may be empty for a moment); the count is read from it.
  const [typed, setTyped] = useState(String(clampCount(props.postedCount ?? 1, props.remaining)));
  const count = clampCount(Number(typed), remaining);
  const setCount = (next: number) => setTyped(String(clampCount(next, remaining)));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(props.problem ?? '');
  useEffect(() => setHydrated(true), []);

  const points = (n: number) => pointsText(n, terms, locale);
  const total = count * costPerEntry;
  const after = balance - total;
  // Told they are short, the supporter is not offered a button the server would refuse.
  const short = hydrated && after < 0;

  async function send(event: SubmitEvent<HTMLFormElement>, free: boolean): Promise<void> {
    event.preventDefault();
    if (busy || (!free && short)) return;
    setBusy(true);
    setMessage('');
    const { data, refusal } = await submitAction((all) => (free ? all.sweepstakes.enterFree : all.sweepstakes.enter), event.currentTarget, t('sweepstakes.entry.failed'), free ? {} : { [COUNT_FIELD]: String(count) });
    setBusy(false);
    if (!data) {
      setMessage(refusal.message);
      return;
    }
    setEntries(data.entryCount);
    setRemaining(data.remaining);
    setFreeAvailable(!data.freeEntryUsed && data.remaining > 0);
    setBalance(data.standing.points);
    setTyped((c) => String(clampCount(Number(c), data.remaining)));
    afterAward(data.standing, data.toast, { messages, locale });
  }

  const errorId = `entry-${sweepstakeId}-error`;
  const stepper = 'flex size-11 shrink-0 items-center justify-center rounded-md border-2 border-primary bg-surface text-xl font-bold text-primary disabled:opacity-25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
  return (
    <div>
      <p className="font-semibold" aria-live="polite">{entries > 0 ? t('sweepstakes.entry.yours', { count: entries }) : t('sweepstakes.entry.none')}</p>
      {message && <p id={errorId} role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">{message}</p>}
      {remaining <= 0 && <p className="mt-3">{t('sweepstakes.entry.limitReached', { count: entries })}</p>}
      {remaining > 0 && (
        <form method="post" action={actions.enter} className="mt-4" onSubmit={(e) => void send(e, false)} aria-describedby={message ? errorId : undefined}>
          <input type="hidden" name={SWEEPSTAKE_FIELD} value={sweepstakeId} />
          <input type="hidden" name={FORM_KEY_FIELD} value={formKeys.enter} />
          <label htmlFor={`${errorId}-count`} className="block text-sm font-semibold">{t('sweepstakes.entry.count')}</label>
          <div className="mt-1 flex items-center gap-2">
            {hydrated && (
              <button type="button" className={stepper} aria-label={t('sweepstakes.entry.fewer')} aria-controls={`${errorId}-count`}
                disabled={count <= 1} onClick={() => setCount(count - 1)}>−</button>
            )}
            <input id={`${errorId}-count`} name={COUNT_FIELD} type="number" inputMode="numeric" min={1} max={remaining} step={1} required
              value={typed} onChange={(e) => setTyped(e.currentTarget.value)} onBlur={() => setCount(count)}
              className="h-11 w-20 rounded-md border border-black/20 bg-surface px-3 text-center text-lg font-bold" />
            {hydrated && (
              <button type="button" className={stepper} aria-label={t('sweepstakes.entry.more')} aria-controls={`${errorId}-count`}
                disabled={count >= remaining} onClick={() => setCount(count + 1)}>+</button>
            )}
          </div>
          <p className="mt-2 text-sm text-muted">{t('sweepstakes.entry.each', { points: points(costPerEntry), count: remaining })}</p>
          {hydrated
            ? (
              <dl className="mt-3 grid grid-cols-2 gap-2 rounded-lg bg-background p-3 text-sm" aria-live="polite">
                <dt>{t('sweepstakes.entry.total')}</dt><dd className="text-right font-bold" data-entry-total>{points(total)}</dd>
                <dt>{t('sweepstakes.entry.balanceAfter')}</dt>
                <dd className="text-right font-bold" data-entry-balance-after>{after >= 0 ? points(after) : '—'}</dd>
              </dl>
            )
            : <p className="mt-1 text-sm text-muted">{t('sweepstakes.entry.balance', { amount: points(balance) })}</p>}
          {short && <p id={`${errorId}-short`} className="mt-2 text-sm font-semibold text-red-800">{t('sweepstakes.entry.short', { amount: points(-after) })}</p>}
          <Button type="submit" className="mt-4 w-full" disabled={busy || short} aria-describedby={short ? `${errorId}-short` : undefined}>
            {busy ? t('sweepstakes.entry.sending') : t('sweepstakes.entry.submit')}
          </Button>
        </form>
      )}
      {remaining > 0 && (
        <form method="post" action={actions.free} className="mt-6 border-t border-black/10 pt-4" onSubmit={(e) => void send(e, true)}>
          <input type="hidden" name={SWEEPSTAKE_FIELD} value={sweepstakeId} />
          <input type="hidden" name={FORM_KEY_FIELD} value={formKeys.free} />
          <h3 className="font-bold">{t('sweepstakes.entry.freeHeading')}</h3>
          <p className="mt-1 text-sm text-muted">{t('sweepstakes.entry.freeHint')}</p>
          {freeAvailable
            ? <Button type="submit" variant="tertiary" className="mt-3 w-full" disabled={busy}>{t('sweepstakes.entry.free')}</Button>
            : <p className="mt-2 text-sm font-semibold">{t('sweepstakes.entry.freeUsed')}</p>}
        </form>
      )}
    </div>
  );
}
