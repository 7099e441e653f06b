import { Icon } from '~/components/ui/Icon.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import type { Translate } from '~/shared/i18n/translate.ts';
import type { NextChallenge, QuizView } from './quiz-view.ts';

export interface QuizResultsProps {
  view: QuizView;
  total: number;
  next: NextChallenge | null;
  allHref: string;
  t: Translate;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/** The end of a quiz: the score, how many were right, and the way on to the next open challenge. */
export function QuizResults({ view, total, next, allHref, t, terms, underage, locale }: QuizResultsProps) {
  const correct = t('quiz.results.correctCount', { count: formatNumber(view.correctCount, locale), total: formatNumber(total, locale) });
  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-surface p-5 text-center shadow-sm ring-1 ring-black/5">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent text-on-accent">
          <Icon name="trophy" size={28} />
        </span>
        <h2 id="quiz-results" tabIndex={-1} className="mt-3 text-xl font-bold outline-none focus-visible:outline-2 focus-visible:outline-primary">
          {view.completed ? t('quiz.results.heading') : t('quiz.results.closedHeading')}
        </h2>
        {/* A quiz closed before its last answer was never told right from wrong, and paid nothing. */}
        {!view.completed ? <p className="mt-3">{t('quiz.results.closedText')}</p> : (
          <>
            <p className="mt-3 text-sm font-semibold text-muted">{t('quiz.results.scoreLabel')}</p>
            {underage ? <p className="text-2xl font-extrabold">{correct}</p> : (
              <>
                <p className="text-3xl font-extrabold">
                  {t('quiz.results.score', { score: formatNumber(view.score, locale), total: pointsText(view.maxScore, terms, locale) })}
                </p>
                <p className="mt-1">{correct}</p>
              </>
            )}
          </>
        )}
        {view.completed && <p className="mt-2 text-sm text-muted">{t('quiz.results.locked')}</p>}
      </div>
      {next ? (
        <a href={next.href} className="flex items-center gap-3 rounded-xl bg-primary p-4 text-on-primary shadow-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="text-sm font-semibold">{t('quiz.next.label')}</span>
              {next.points !== null && next.points > 0 && <PointsPill points={next.points} terms={terms} underage={underage} locale={locale} size="xs" />}
            </span>
            <span className="mt-1 block text-lg leading-snug font-bold">{next.title}</span>
          </span>
          <Icon name="chevron-right" size={24} className="shrink-0" />
        </a>
      ) : <p className="rounded-xl bg-surface p-4 text-center">{t('quiz.next.none')}</p>}
      <p className="text-center">
        <a href={allHref} className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary">
          {t('quiz.next.all')}
        </a>
      </p>
    </div>
  );
}
