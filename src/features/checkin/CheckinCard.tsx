import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel, type PointTerms } from '~/components/ui/points-label.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import { toast } from '~/lib/toast/store.ts';
import { checkIn, type Checkin } from './checkin.api.ts';

export interface CheckinCardProps {
  /** Loaded by the page on the server (GET /checkin). */
  initial: Checkin;
  terms: PointTerms;
  /** Under-18 users never see points. */
  underage?: boolean;
  locale?: string;
}

/** The daily check-in: the streak, and a button while today's check-in is still to do. */
export function CheckinCard({ initial, terms, underage = false, locale = 'en' }: CheckinCardProps) {
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  // Rendered on the server disabled: the button works once this island has hydrated.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function checkInToday(): Promise<void> {
    setBusy(true);
    setMessage('');
    try {
      // One request: the answer carries the new balances and rank for the current-user store.
      const data = await checkIn(browserApi());
      setState({ days: data.days, eligibleForCheckin: data.eligibleForCheckin });
      const points = data.points;
      toast({
        title: underage || !points ? 'Checked in' : `+${formatNumber(points, locale)} ${pointsLabel(points, terms)}`,
        description: `${formatNumber(data.days, locale)}-day streak. See you tomorrow!`,
      });
      afterAward(data.standing);
    } catch (error) {
      const problem = await readApiProblem(error).catch(() => undefined);
      setMessage(problem?.message ?? 'Something went wrong. Please try again.');
      // Already checked in today (another tab or device): a 422 refusal, which the client does not retry.
      if (problem?.code === 'already_checked_in') setState((s) => ({ ...s, eligibleForCheckin: false }));
    } finally {
      setBusy(false);
    }
  }

  const { days, eligibleForCheckin } = state;
  return (
    <section aria-labelledby="checkin-title" className="mt-4 rounded-xl bg-surface p-4 shadow-sm">
      <h2 id="checkin-title" className="text-lg font-bold">Daily check-in</h2>
      <p aria-live="polite" className="mt-1">
        <span className="text-3xl font-bold">{formatNumber(days, locale)}</span>{' '}
        {days === 1 ? 'day' : 'days'} in a row
      </p>
      <Button
        className="mt-3 w-full"
        disabled={!ready || busy || !eligibleForCheckin}
        aria-busy={busy || undefined}
        onClick={() => void checkInToday()}
      >
        {eligibleForCheckin ? (busy ? 'Checking in…' : 'Check in') : 'Checked in today'}
      </Button>
      {message && <p role="status" className="mt-2 text-sm text-muted">{message}</p>}
    </section>
  );
}
