import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import type { PollShares } from './challenges.api.ts';
import { submitAnswer, toastAward, type AwardDisplay } from './submit.ts';

export interface PollAnswerProps extends AwardDisplay {
  challengeId: string;
  options: string[];
  /** The supporter's earlier vote, if any. */
  votedIndex: number | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
  /** The shares the page loaded (after an earlier vote, or of a closed poll); else they come with the vote. */
  shares?: PollShares | null;
}

/** A poll: one button per option; after the vote, or once it has closed, the shares as bars. */
export function PollAnswer({ challengeId, options, votedIndex, closed, shares: loadedShares = null, ...award }: PollAnswerProps) {
  const [voted, setVoted] = useState(votedIndex);
  const [shares, setShares] = useState<PollShares | null>(loadedShares);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function vote(responseIndex: number): Promise<void> {
    setBusy(true);
    setMessage('');
    const result = await submitAnswer(challengeId, { poll: { responseIndex } });
    setBusy(false);
    if (!result.ok) return setMessage(result.message);
    setVoted(responseIndex);
    setShares(result.data.poll ?? null);
    toastAward(result.data.pointsAwarded, 'Thanks for voting', award);
  }

  if (shares) {
    return (
      <section aria-label="Results" className="mt-4 space-y-3">
        <p>{voted !== null ? <>You voted for <strong>{options[voted]}</strong>.</> : 'This poll has closed.'}</p>
        {shares.options.map((o, i) => (
          <div key={o.label}>
            <p className="flex justify-between text-sm font-semibold">
              <span>{o.label}{i === voted ? ' (your vote)' : ''}</span><span>{o.percent}%</span>
            </p>
            <div className="mt-1 h-2 rounded-full bg-black/10" aria-hidden="true">
              <div className="h-2 rounded-full bg-primary" style={{ width: `${o.percent}%` }} />
            </div>
          </div>
        ))}
        <p className="text-sm text-muted">{shares.totalVotes} {shares.totalVotes === 1 ? 'vote' : 'votes'}</p>
      </section>
    );
  }
  if (closed || voted !== null) {
    return (
      <p className="mt-4 rounded-lg bg-surface p-4">
        {voted !== null ? <>You voted for <strong>{options[voted]}</strong>.</> : 'This poll has closed.'}
      </p>
    );
  }
  return (
    <div className="mt-4">
      <ul className="space-y-2">
        {options.map((label, i) => (
          <li key={label}>
            <Button variant="tertiary" className="w-full" disabled={!ready || busy} onClick={() => void vote(i)}>{label}</Button>
          </li>
        ))}
      </ul>
      {message && <p role="alert" className="mt-2 text-sm text-red-700">{message}</p>}
    </div>
  );
}
