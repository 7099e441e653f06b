import { EmptyState } from '~/components/ui/EmptyState.tsx';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { ChallengeCard } from './ChallengeCard.tsx';
import { DASHBOARD_CHALLENGE_LIMIT, openChallenges, type ChallengeSummary } from './open-challenges.ts';

export interface OpenChallengesProps {
  /** The challenges as the server listed them, newest first; only the open ones show. null: the list could not be loaded. */
  challenges: readonly ChallengeSummary[] | null;
  terms: PointTerms;
  underage: boolean;
  locale: string;
  /** The page's `challenges.card.*` and `challenges.list.*` messages. */
  messages: Partial<Messages>;
  limit?: number;
}

/** The dashboard's open challenges: plain HTML, rendered by the server (and by LiveOpenChallenges after a refresh). */
export function OpenChallenges({ challenges, terms, underage, locale, messages, limit = DASHBOARD_CHALLENGE_LIMIT }: OpenChallengesProps) {
  const t = translator(messages, locale);
  if (challenges === null) {
    return (
      <div className="mt-3">
        <EmptyState tone="error" icon="alert-triangle" title={t('challenges.list.failed')} text={t('challenges.list.failedText')}
          action={{ href: '/dashboard', label: t('challenges.list.retry') }} />
      </div>
    );
  }
  const shown = openChallenges(challenges, limit);
  if (shown.length === 0) {
    return (
      <div className="mt-3">
        <EmptyState icon="check" title={t('challenges.list.allDone')} text={t('challenges.list.allDoneText')}
          action={{ href: '/history', label: t('challenges.list.seeHistory') }} />
      </div>
    );
  }
  return (
    <ul className="mt-3 space-y-3">
      {shown.map((c) => (
        <li key={c.challengeId}>
          <ChallengeCard challenge={c} terms={terms} underage={underage} locale={locale} messages={messages} />
        </li>
      ))}
    </ul>
  );
}
