import { buttonClasses } from '~/components/ui/Button.tsx';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import type { Challenge } from './challenges.api.ts';

export type FeedbackChallenge = Pick<Challenge, 'challengeId' | 'title' | 'description' | 'hint' | 'value'>;

export interface FeedbackPromptProps {
  challenge: FeedbackChallenge;
  terms: PointTerms;
  underage: boolean;
  /** Where the supporter answers it; without it the card only informs. */
  href?: string;
  /** Text of the link to answer it (the page's "Give feedback"). */
  ctaLabel?: string;
  locale?: string;
  headingLevel?: 2 | 3;
}

/** The unanswered feedback challenge, shown apart from the challenge list. Plain HTML: no hydration needed. */
export function FeedbackPrompt({
  challenge, terms, underage, href, ctaLabel, locale = 'en', headingLevel = 2,
}: FeedbackPromptProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `feedback-${challenge.challengeId}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg bg-surface p-4 shadow-sm ring-1 ring-black/5">
      <div className="flex items-start justify-between gap-3">
        <Heading id={titleId} className="text-lg leading-snug font-bold">{challenge.title}</Heading>
        <PointsPill points={challenge.value} terms={terms} underage={underage} locale={locale} size="sm" className="shrink-0" />
      </div>
      {challenge.description && <p className="mt-1">{challenge.description}</p>}
      {challenge.hint && <p className="mt-2 text-sm text-muted">{challenge.hint}</p>}
      {href && ctaLabel && (
        <a href={href} aria-describedby={titleId} className={buttonClasses({ className: 'mt-4 w-full' })}>{ctaLabel}</a>
      )}
    </article>
  );
}
