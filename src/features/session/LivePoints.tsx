import { useStore } from '@nanostores/react';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { $currentUser } from '~/lib/session/current-user.ts';

export interface LivePointsProps {
  points: number;
  lifetimePoints: number;
  rank: string;
  nextRank: { name: string; pointsRequired: number } | null;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/**
 * The dashboard's rank, animated points pill and progress to the next rank. Starts from the
 * server's numbers and follows the current-user store, so an award shows without a reload.
 */
export function LivePoints(props: LivePointsProps) {
  const live = useStore($currentUser);
  const points = live?.points ?? props.points;
  const lifetime = live?.lifetimePoints ?? props.lifetimePoints;
  const rank = live?.rank.name ?? props.rank;
  const next = live ? live.nextRank : props.nextRank;
  const { terms, underage, locale } = props;
  const toGo = next ? Math.max(0, next.pointsRequired - lifetime) : 0;
  const progress = next ? Math.min(100, Math.round((lifetime / next.pointsRequired) * 100)) : 100;
  return (
    <section aria-label="Your points" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-surface p-4 shadow-sm">
      <p className="font-semibold">Rank {rank}</p>
      <PointsPill points={points} terms={terms} underage={underage} locale={locale} size="md" animatePoints />
      {next && !underage && (
        <div className="w-full">
          <div className="h-2 rounded-full bg-black/10" role="progressbar" aria-label={`Progress to ${next.name}`}
            aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="h-2 rounded-full bg-primary" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-sm text-muted">{toGo.toLocaleString(locale)} {terms.pointsTerm} to {next.name}</p>
        </div>
      )}
    </section>
  );
}
