import type { PointTerms } from '~/components/ui/points-label.ts';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import { challengeHref } from './challenge.ts';
import type { Challenge } from './challenges.api.ts';
import { bestPickPoints, pickemBadge, type PickemCardFields } from './pickem.ts';

export interface ChallengeCardProps {
  /** A pick'em's own fields, when the list has them, say how its picking stands. */
  challenge: Pick<Challenge, 'challengeId' | 'subtype' | 'title' | 'description' | 'value' | 'open'> & PickemCardFields;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/** One challenge in a list, linking to its page. Plain HTML: no hydration. */
export function ChallengeCard({ challenge, terms, underage, locale }: ChallengeCardProps) {
  const pickem = challenge.subtype === 'pickem' ? pickemBadge(challenge) : undefined;
  const badge = pickem === undefined ? (challenge.open ? null : 'Done') : pickem;
  // An open pick'em pays the points of the pick made: the card offers the best of them.
  const best = pickem === null && challenge.options ? bestPickPoints(challenge.options, challenge.value) : undefined;
  const picked = pickem === undefined || challenge.pollResponseIndex == null ? undefined : challenge.options?.[challenge.pollResponseIndex]?.label;
  return (
    <a href={challengeHref(challenge)}
      className="block rounded-lg bg-surface p-4 shadow-sm ring-1 ring-black/5 hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-primary">
      <span className="flex items-start justify-between gap-3">
        <span className="text-lg leading-snug font-bold">{challenge.title}</span>
        {badge
          ? <span className="shrink-0 rounded-full bg-black/10 px-2.5 py-0.5 text-sm font-bold">{badge}</span>
          : (
            <span className="flex shrink-0 items-center gap-1 text-sm">
              {best !== undefined && !underage && 'Up to'}
              <PointsPill points={best ?? challenge.value} terms={terms} underage={underage} locale={locale} />
            </span>
          )}
      </span>
      {challenge.description && <span className="mt-1 block text-sm text-muted">{challenge.description}</span>}
      {picked && <span className="mt-1 block text-sm">Your pick: <strong>{picked}</strong></span>}
    </a>
  );
}
