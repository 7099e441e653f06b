import type { PointTerms } from '~/components/ui/points-label.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { DASHBOARD_CHALLENGE_LIMIT, openChallenges, type ChallengeSummary } from './open-challenges.ts';

export interface OpenChallengesProps {
  /** The challenges as the server listed them, newest first; only the open ones show. */
  challenges: readonly ChallengeSummary[];
  terms: PointTerms;
  underage: boolean;
  locale: string;
  limit?: number;
}

/** The dashboard's open challenges: plain HTML, rendered by the server (and by LiveOpenChallenges after a refresh). */
export function OpenChallenges({ challenges, terms, underage, locale, limit = DASHBOARD_CHALLENGE_LIMIT }: OpenChallengesProps) {
  const shown = openChallenges(challenges, limit);
  if (shown.length === 0) return <p className="mt-2 text-muted">No open challenges right now. Check back soon.</p>;
  return (
    <ul className="mt-3 space-y-3">
      {shown.map((c) => (
        <li key={c.challengeId}><ChallengeCard challenge={c} terms={terms} underage={underage} locale={locale} /></li>
      ))}
    </ul>
  );
}
