import { useStore } from '@nanostores/react';
import { formatNumber } from '~/components/ui/format-number.ts';
import { Icon } from '~/components/ui/Icon.tsx';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import { pointsLabel, type PointTerms } from '~/components/ui/points-label.ts';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { rankLabel } from '~/features/moments/rank-label.ts';
import { $currentUser, type CurrentUserSummary } from './current-user.store.ts';

export interface LivePointsProps extends Pick<CurrentUserSummary, 'points' | 'rank' | 'nextRank' | 'rankProgress'> {
  terms: PointTerms;
  underage: boolean;
  locale: string;
  /** `pickMessages(messages, 'points.', 'rank.')`. */
  messages: Partial<Messages>;
  /** Where the balance leads: the supporter's history. */
  historyHref: string;
}

/**
 * The dashboard's rank, animated points pill and progress to the next rank. Starts from the
 * server's numbers (rendered as they are, before and without JavaScript) and follows the
 * current-user store, so an award shows without a reload. The progress is the server's `rankProgress`.
 * The balance is a link to the history, where every point of it is explained.
 */
export function LivePoints(props: LivePointsProps) {
  const live = useStore($currentUser);
  const points = live?.points ?? props.points;
  const rank = live?.rank ?? props.rank;
  const next = live ? live.nextRank : props.nextRank;
  const { percent, pointsToNext } = live?.rankProgress ?? props.rankProgress;
  const { terms, underage, locale, messages, historyHref } = props;
  const t = translator(messages, locale);
  return (
    <section aria-label={t('points.yours')} className="mt-4 rounded-xl bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="text-lg font-bold">{t('rank.current', { rank: rankLabel(rank, t) })}</p>
        <a
          href={historyHref}
          className="group -my-1 inline-flex min-h-11 items-center gap-1 rounded-full font-semibold text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {underage
            ? <span className="underline underline-offset-4">{t('points.history')}</span>
            : (
              <>
                <PointsPill points={points} terms={terms} underage={underage} locale={locale} size="md" animatePoints className="group-hover:brightness-95" />
                <span className="sr-only">{`: ${t('points.seeHistory')}`}</span>
              </>
            )}
          <Icon name="chevron-right" size={20} className="shrink-0" />
        </a>
      </div>
      {next && !underage && (
        <div className="mt-3">
          <ProgressBar percent={percent} label={t('rank.progressTo', { rank: next.name })} />
          <p className="mt-1.5 text-sm text-muted">
            {t('rank.toNext', { points: formatNumber(pointsToNext, locale), term: pointsLabel(pointsToNext, terms), rank: rankLabel(next, t) })}
          </p>
          {next.perk && <p className="mt-1 text-sm"><span className="font-semibold">{t('rank.nextBrings', { rank: next.name })}</span> {next.perk}</p>}
        </div>
      )}
      {!next && !underage && <p className="mt-2 text-sm text-muted">{t('rank.top')}</p>}
    </section>
  );
}
