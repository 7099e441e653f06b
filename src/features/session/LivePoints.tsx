import { useStore } from '@nanostores/react';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { $currentUser, type CurrentUserSummary } from './current-user.store.ts';

export interface LivePointsProps extends Pick<CurrentUserSummary, 'points' | 'nextRank' | 'rankProgress'> {
  rank: string;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/**
 * The dashboard's rank, animated points pill and progress to the next rank. Starts from the
 * server's numbers (rendered as they are, before and without JavaScript) and follows the
 * current-user store, so an award shows without a reload. The progress is the server's `rankProgress`.
 */
export function LivePoints(props: LivePointsProps) {
  const live = useStore($currentUser);
  const points = live?.points ?? props.points;
  const rank = live?.rank.name ?? props.rank;
  const next = live ? live.nextRank : props.nextRank;
  const { percent, pointsToNext } = live?.rankProgress ?? props.rankProgress;
  const { terms, underage, locale } = props;
  return (
    <section aria-label="Your points" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-surface p-4 shadow-sm">
      <p className="font-semibold">Rank {rank}</p>
      <PointsPill points={points} terms={terms} underage={underage} locale={locale} size="md" animatePoints />
      {next && !underage && (
        <div className="w-full">
          <div className="h-2 rounded-full bg-black/10" role="progressbar" aria-label={`Progress to ${next.name}`}
            aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="h-2 rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-sm text-muted">{pointsToNext.toLocaleString(locale)} {terms.pointsTerm} to {next.name}</p>
        </div>
      )}
    </section>
  );
}
