import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { DASHBOARD_CHALLENGE_LIMIT, openChallenges, type ChallengeSummary } from './open-challenges.ts';
import { $challenges, loadChallenges } from './challenges.store.ts';

export interface OpenChallengesProps {
  /** The open challenges the page loaded on the server, newest first. */
  initial: readonly ChallengeSummary[];
  terms: PointTerms;
  underage: boolean;
  locale: string;
  limit?: number;
}

/**
 * The dashboard's open challenges. Hydrated (for a signed-in supporter) it follows `$challenges`,
 * so the hourly refresh updates it in place; it renders the props until then, which keeps the
 * first client render identical to the server's HTML. Without a client directive it is plain HTML.
 */
export function OpenChallenges({ initial, terms, underage, locale, limit = DASHBOARD_CHALLENGE_LIMIT }: OpenChallengesProps) {
  const loaded = useStore($challenges);
  useEffect(() => loadChallenges(initial), [initial]);
  const shown = openChallenges(loaded ?? initial, limit);
  if (shown.length === 0) return <p className="mt-2 text-muted">No open challenges right now. Check back soon.</p>;
  return (
    <ul className="mt-3 space-y-3">
      {shown.map((c) => (
        <li key={c.challengeId}><ChallengeCard challenge={c} terms={terms} underage={underage} locale={locale} /></li>
      ))}
    </ul>
  );
}
