import type { PointTerms } from '~/components/ui/points-label.ts';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import { challengeHref, type Challenge } from './challenge.ts';

export interface ChallengeCardProps {
  challenge: Pick<Challenge, 'challengeId' | 'subtype' | 'title' | 'description' | 'value' | 'completed'>;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/** One challenge in a list, linking to its page. Plain HTML: no hydration. */
export function ChallengeCard({ challenge, terms, underage, locale }: ChallengeCardProps) {
  return (
    <a href={challengeHref(challenge)}
      className="block rounded-lg bg-surface p-4 shadow-sm ring-1 ring-black/5 hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-primary">
      <span className="flex items-start justify-between gap-3">
        <span className="text-lg leading-snug font-bold">{challenge.title}</span>
        {challenge.completed
          ? <span className="shrink-0 rounded-full bg-black/10 px-2.5 py-0.5 text-sm font-bold">Done</span>
          : <PointsPill points={challenge.value} terms={terms} underage={underage} locale={locale} className="shrink-0" />}
      </span>
      {challenge.description && <span className="mt-1 block text-sm text-muted">{challenge.description}</span>}
    </a>
  );
}
