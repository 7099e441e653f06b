import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { afterAward } from '~/features/session/after-award.ts';
import { RESPONSE_INDEX_FIELD } from './answer-form.ts';
import type { PollShares } from './challenges.api.ts';
import { fill } from './fill.tsx';
import { AnswerFields } from './AnswerFields.tsx';
import { NextStep } from './NextStep.tsx';
import type { NextChallenge } from './open-challenges.ts';
import { useOptionAnswer, type AnswerAction, type AwardDisplay } from './submit.ts';

export interface PollAnswerProps extends AwardDisplay, AnswerAction {
  challengeId: string;
  options: string[];
  /** The supporter's earlier vote, if any. */
  votedIndex: number | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
  /** The shares the page loaded (after an earlier vote, or of a closed poll); else they come with the vote. */
  shares?: PollShares | null;
  /** The page's `challenges.*` messages. */
  messages: Partial<Messages>;
  /** The no-script form's idempotency key. */
  formKey: string;
  /** A refusal of the form posted without JavaScript, shown beside it. */
  error?: string | null;
  /** Where to go once voted. */
  next: NextChallenge | null;
}

/**
 * A poll: a form with one submit button per option, which votes without JavaScript (the page answers the
 * post); once hydrated the island sends the same form to the same action, in place. After the vote, or once closed, the shares.
 */
export function PollAnswer({
  challengeId, options, votedIndex, closed, shares: loadedShares = null, messages, formKey, action, error = null, next, ...award
}: PollAnswerProps) {
  const t = translator(messages, award.locale);
  const [voted, setVoted] = useState(votedIndex);
  const [shares, setShares] = useState<PollShares | null>(loadedShares);
  const [justVoted, setJustVoted] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  // The buttons are gone once voted: focus moves to what the vote brought.
  useEffect(() => {
    if (justVoted) result.current?.focus();
  }, [justVoted]);

  const { busy, message, submit: vote } = useOptionAnswer(t('challenges.answer.failed'), error, (responseIndex, data) => {
    setVoted(responseIndex);
    setShares(data.poll ?? null);
    setJustVoted(true);
    // The answer carries the supporter's new standing: the store is updated without another request.
    afterAward(data.standing, data.toast, { messages, locale: award.locale });
  });

  const yourVote = voted === null ? null : fill(t('challenges.poll.youVoted'), 'option', <strong>{options[voted]}</strong>);
  if (shares || closed || voted !== null) {
    return (
      <>
        <div ref={result} tabIndex={-1} className="mt-4 rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-primary">
          {shares
            ? (
              <section aria-label={t('challenges.poll.results')} className="space-y-3">
                <p>{yourVote ?? t('challenges.poll.closed')}</p>
                {shares.options.map((o, i) => (
                  <div key={i}>
                    <p className="flex justify-between gap-3 text-sm font-semibold">
                      <span>{i === voted ? t('challenges.poll.yourVote', { option: o.label }) : o.label}</span><span>{o.percent}%</span>
                    </p>
                    <div className="mt-1 h-2 rounded-full bg-black/10" aria-hidden="true">
                      <div className="h-2 rounded-full bg-primary" style={{ width: `${o.percent}%` }} />
                    </div>
                  </div>
                ))}
                <p className="text-sm text-muted">{t('challenges.poll.votes', { count: shares.totalVotes, n: formatNumber(shares.totalVotes, award.locale) })}</p>
              </section>
            )
            : <p className="rounded-lg bg-surface p-4">{yourVote ?? t('challenges.poll.closed')}</p>}
        </div>
        {/* A post refused because the poll was answered or closed meanwhile: the page shows how it stands, and why. */}
        {message && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
        <NextStep next={next} t={t} />
      </>
    );
  }
  const errorId = `poll-${challengeId}-error`;
  return (
    <form method="post" action={action} className="mt-4" onSubmit={(e) => void vote(e)} aria-describedby={message ? errorId : undefined}>
      <AnswerFields challengeId={challengeId} answer="poll" formKey={formKey} />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-muted">{t('challenges.poll.choose')}</legend>
        <ul className="space-y-2">
          {options.map((label, i) => (
            <li key={i}>
              <Button type="submit" name={RESPONSE_INDEX_FIELD} value={String(i)} variant="tertiary" className="w-full" disabled={busy}>
                {label}
              </Button>
            </li>
          ))}
        </ul>
      </fieldset>
      {message && <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
    </form>
  );
}
