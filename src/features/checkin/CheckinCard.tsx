import { actions } from 'astro:actions';
import { useState, type SyntheticEvent } from 'react';
import { buttonClasses } from '~/components/ui/Button.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { Icon } from '~/components/ui/Icon.tsx';
import { afterAward } from '~/features/session/after-award.ts';
import { submitAction } from '~/lib/forms/submit-action.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import type { Checkin } from './checkin.api.ts';

/** The card's id: a check-in posted without JavaScript comes back to `/dashboard#checkin`. */
export const CHECKIN_ANCHOR = 'checkin';

export interface CheckinCardProps {
  /** Loaded by the page on the server (GET /checkin). */
  initial: Checkin;
  locale?: string;
  /** `pickMessages(messages, 'checkin.', 'rank.')`. */
  messages: Partial<Messages>;
  /** Where the form posts without JavaScript (the dashboard, with the action's query) and its hidden idempotency field. */
  action: string;
  formKey: { name: string; value: string };
  /** A refusal from a post without JavaScript (the page re-rendered with a 4xx), shown beside the form. */
  problem?: string | undefined;
}

const DONE = 'bg-primary/10 text-text ring-1 ring-inset ring-primary/30 cursor-default';

/**
 * The daily check-in: the streak, and a button while today's check-in is still to do. A real form for
 * the check-in action (src/actions/checkin.ts): without JavaScript (or before this island hydrates) the
 * dashboard answers it and comes back to this card; hydrated, the card calls the action and updates the
 * store from its answer.
 */
export function CheckinCard({ initial, locale = 'en', messages, action, formKey, problem }: CheckinCardProps) {
  const t = translator(messages, locale);
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(problem ?? '');
  const { days, eligibleForCheckin } = state;

  async function checkInToday(event: SyntheticEvent<HTMLFormElement, SubmitEvent>): Promise<void> {
    event.preventDefault();
    if (busy || !eligibleForCheckin) return;
    setBusy(true);
    setMessage('');
    const { data, refusal } = await submitAction(actions.checkin.checkIn, event.currentTarget, t('checkin.failed'));
    setBusy(false);
    if (data) {
      // One request: the answer carries the new balances and rank for the current-user store.
      setState({ days: data.days, eligibleForCheckin: data.eligibleForCheckin });
      afterAward(data.standing, data.toast, { messages, locale });
      return;
    }
    // Already checked in today (another tab or device): the only 422 of a check-in.
    if (refusal.status === 422) setState((s) => ({ ...s, eligibleForCheckin: false }));
    setMessage(refusal.message);
  }

  // One button element in every state, never `disabled`: focus stays on it after Enter or a tap, and
  // reads the result ("Checked in today"). Done, it no longer submits; busy, a second press is ignored.
  return (
    <section id={CHECKIN_ANCHOR} aria-labelledby="checkin-title" className="mt-4 scroll-mt-6 rounded-xl bg-surface p-4 shadow-sm">
      <h2 id="checkin-title" className="text-lg font-bold">{t('checkin.title')}</h2>
      <p aria-live="polite" className="mt-1">
        <span className="text-3xl font-bold tabular-nums">{formatNumber(days, locale)}</span>{' '}
        {t('checkin.streak', { count: days })}
      </p>
      <form method="post" action={action} onSubmit={(event) => void checkInToday(event)} className="mt-3">
        <input type="hidden" name={formKey.name} value={formKey.value} />
        <button
          type={eligibleForCheckin ? 'submit' : 'button'}
          aria-disabled={!eligibleForCheckin || busy || undefined}
          aria-busy={busy || undefined}
          aria-describedby="checkin-hint"
          className={buttonClasses({ variant: eligibleForCheckin ? 'primary' : 'custom', className: `w-full${eligibleForCheckin ? '' : ` min-h-11 px-5 font-semibold ${DONE}`}` })}
        >
          {!eligibleForCheckin && <Icon name="check" size={20} className="shrink-0 text-primary" />}
          {eligibleForCheckin ? (busy ? t('checkin.busy') : t('checkin.button')) : t('checkin.done')}
        </button>
      </form>
      <p id="checkin-hint" className="mt-2 text-sm text-muted">{eligibleForCheckin ? t('checkin.todoHint') : t('checkin.doneHint')}</p>
      {/* Always in the page, so a refusal written into it is announced. */}
      <p role="status" className={message ? 'mt-2 text-sm font-semibold text-text' : 'sr-only'}>{message}</p>
    </section>
  );
}
