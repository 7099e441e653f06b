import { useEffect, useEffectEvent, useState, type SyntheticEvent } from 'react';
import { buttonClasses } from '~/components/ui/Button.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel, type PointTerms } from '~/components/ui/points-label.ts';
import { Icon } from '~/components/ui/Icon.tsx';
import { afterAward } from '~/features/session/after-award.ts';
import { loadActions, submitAction } from '~/lib/forms/submit-action.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import type { Checkin } from './checkin.api.ts';
import { CHECKIN_SYNC, keepPending, listPending, sendPending, type SendOutcome } from './offline-checkins.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { newIdempotencyKey } from '~/lib/api/client.ts';

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
  /** What a check-in is worth is said in the club's words, and never to an under-18 supporter. */
  terms: PointTerms;
  underage: boolean;
}

const DONE = 'bg-primary/10 text-text ring-1 ring-inset ring-primary/30 cursor-default';

/**
 * The daily check-in: the streak, and a button while today's check-in is still to do. A real form for
 * the check-in action (src/actions/checkin.ts): without JavaScript (or before this island hydrates) the
 * dashboard answers it and comes back to this card; hydrated, the card calls the action and updates the
 * store from its answer.
 */
export function CheckinCard({ initial, locale = 'en', messages, action, formKey, problem, terms, underage }: CheckinCardProps) {
  const t = translator(messages, locale);
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Pressed with no signal: kept on the phone until it is sent (./offline-checkins.ts).
  const [saved, setSaved] = useState(false);
  const [message, setMessage] = useState(problem ?? '');
  const { days, eligibleForCheckin } = state;

  /** Sends one kept check-in through the same action as the button, with its ticket and its one key. */
  async function send(checkin: { ticket: string; key: string }): Promise<SendOutcome> {
    const input = new FormData();
    input.set(FORM_KEY_FIELD, checkin.key);
    input.set('ticket', checkin.ticket);
    const { data, error } = await loadActions().then(({ actions }) => actions.checkin.checkIn(input)).catch(() => ({ data: undefined, error: { status: 503, message: '' } }));
    if (data) {
      setState((s) => ({ ...s, days: data.days, eligibleForCheckin: data.eligibleForCheckin && s.eligibleForCheckin }));
      afterAward(data.standing, data.toast, { messages, locale });
      return 'sent';
    }
    if (error.status >= 500 || error.status === 401) return 'unreachable';
    if (error.message && error.status === 422) setMessage(error.message);
    return 'refused';
  }

  async function sendKept(): Promise<void> {
    if (!navigator.onLine) return;
    const done = await sendPending(send).catch(() => []);
    if (done.some((d) => d.checkin.ticket === initial.ticket && d.outcome !== 'unreachable')) {
      setSaved(false);
      setState((s) => ({ ...s, eligibleForCheckin: false }));
    }
  }

  // On the next visit, and when the signal returns while the page is open, what was kept is sent.
  const restore = useEffectEvent(() => {
    void listPending().then((kept) => {
      if (!kept.some((k) => k.ticket === initial.ticket)) return;
      setSaved(true);
      setMessage(t('checkin.savedHint'));
    }, () => undefined);
    void sendKept();
  });
  const online = useEffectEvent(() => void sendKept());
  useEffect(() => {
    restore();
    const listener = () => online();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, []);

  async function keepForLater(): Promise<void> {
    await keepPending({ day: initial.ticket.slice(0, 10), ticket: initial.ticket, key: newIdempotencyKey() });
    setSaved(true);
    setMessage(t('checkin.savedHint'));
    // Where the browser has Background Sync, the service worker sends it as soon as there is a signal.
    const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
    await (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync?.register(CHECKIN_SYNC).catch(() => undefined);
  }

  async function checkInToday(event: SyntheticEvent<HTMLFormElement, SubmitEvent>): Promise<void> {
    event.preventDefault();
    if (busy || saved || !eligibleForCheckin) return;
    setBusy(true);
    setMessage('');
    if (!navigator.onLine) {
      await keepForLater().catch(() => setMessage(t('checkin.failed')));
      setBusy(false);
      return;
    }
    const { data, refusal } = await submitAction((actions) => actions.checkin.checkIn, event.currentTarget, t('checkin.failed'));
    setBusy(false);
    if (data) {
      // One request: the answer carries the new balances and rank for the current-user store.
      setState({ days: data.days, eligibleForCheckin: data.eligibleForCheckin, pointsToday: data.pointsToday, ticket: data.ticket });
      afterAward(data.standing, data.toast, { messages, locale });
      return;
    }
    // No answer (the signal dropped as it was sent): kept for later, like a press with none.
    if (refusal.status === 503) {
      await keepForLater().catch(() => setMessage(refusal.message));
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
          type={eligibleForCheckin && !saved ? 'submit' : 'button'}
          aria-disabled={!eligibleForCheckin || saved || busy || undefined}
          aria-busy={busy || undefined}
          aria-describedby="checkin-hint"
          className={buttonClasses({ variant: eligibleForCheckin && !saved ? 'primary' : 'custom', className: `w-full${eligibleForCheckin && !saved ? '' : ` min-h-11 px-5 font-semibold ${DONE}`}` })}
        >
          {(!eligibleForCheckin || saved) && <Icon name="check" size={20} className="shrink-0 text-primary" />}
          {saved ? t('checkin.saved') : eligibleForCheckin ? (busy ? t('checkin.busy') : t('checkin.button')) : t('checkin.done')}
        </button>
      </form>
      {/* Kept with no signal, the status line below says so (and is announced). */}
      <p id="checkin-hint" className={saved ? 'sr-only' : 'mt-2 text-sm text-muted'}>
        {!eligibleForCheckin ? t('checkin.doneHint')
          : underage || !state.pointsToday ? t('checkin.todoHint')
            : t('checkin.worth', { points: formatNumber(state.pointsToday, locale), term: pointsLabel(state.pointsToday, terms) })}
      </p>
      {/* Always in the page, so a refusal written into it is announced. */}
      <p role="status" className={message ? 'mt-2 text-sm font-semibold text-text' : 'sr-only'}>{message}</p>
    </section>
  );
}
