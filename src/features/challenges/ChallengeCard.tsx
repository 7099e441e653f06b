import type { PointTerms } from '~/components/ui/points-label.ts';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import { translator, type Messages, type Translate } from '~/shared/i18n/translate.ts';
import { challengeHref } from './challenge.ts';
import { challengeImage } from './challenge-image.ts';
import type { Challenge } from './challenges.api.ts';
import { fill } from './fill.tsx';
import { bestPickPoints, pickemBadge, type PickemBadge, type PickemCardFields } from './pickem.ts';

export interface ChallengeCardProps {
  /** A pick'em's own fields, when the list has them, say how its picking stands. */
  challenge: Pick<Challenge, 'challengeId' | 'subtype' | 'title' | 'description' | 'value' | 'open'>
    & Partial<Pick<Challenge, 'mediaId'>> & PickemCardFields;
  terms: PointTerms;
  underage: boolean;
  locale: string;
  /** The page's `challenges.card.*` messages. */
  messages: Partial<Messages>;
  /** `eager` for the first cards of a page (above the fold); the rest wait until scrolled near. */
  imageLoading?: 'lazy' | 'eager';
}

function badgeText(badge: PickemBadge | 'done', t: Translate): string {
  switch (badge) {
    case 'won': return t('challenges.card.won');
    case 'lost': return t('challenges.card.lost');
    case 'picked': return t('challenges.card.picked');
    case 'closed': return t('challenges.card.closed');
    case 'awaiting': return t('challenges.card.awaiting');
    default: return t('challenges.card.done');
  }
}

/** One challenge in a list, linking to its page: its picture, title, description and points. Plain HTML: no hydration. */
export function ChallengeCard({ challenge, terms, underage, locale, messages, imageLoading = 'lazy' }: ChallengeCardProps) {
  const t = translator(messages, locale);
  const pickem = challenge.subtype === 'pickem' ? pickemBadge(challenge) : undefined;
  const badge = pickem === undefined ? (challenge.open ? null : 'done') : pickem;
  // An open pick'em pays the points of the pick made: the card offers the best of them.
  const best = pickem === null && challenge.options ? bestPickPoints(challenge.options, challenge.value) : undefined;
  const picked = pickem === undefined || challenge.pollResponseIndex == null ? undefined : challenge.options?.[challenge.pollResponseIndex]?.label;
  const image = challengeImage(challenge.mediaId);
  return (
    <a href={challengeHref(challenge)}
      className="flex gap-3 rounded-lg bg-surface p-3 shadow-sm ring-1 ring-black/5 hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-primary">
      {image && (
        // Decorative: the title beside it says what the challenge is.
        <img src={image.src} srcSet={image.srcset} sizes="80px" width={80} height={80} alt="" loading={imageLoading} decoding="async"
          className="size-20 shrink-0 rounded-md bg-primary/10 object-cover" />
      )}
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-lg leading-snug font-bold">{challenge.title}</span>
        {challenge.description && <span className="line-clamp-2 text-sm text-muted">{challenge.description}</span>}
        <span className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm">
          {badge
            ? <span className="shrink-0 rounded-full bg-black/10 px-2.5 py-0.5 font-bold">{badgeText(badge, t)}</span>
            : (
              <span className="flex shrink-0 items-center gap-1">
                {best !== undefined && !underage && t('challenges.card.upTo')}
                <PointsPill points={best ?? challenge.value} terms={terms} underage={underage} locale={locale} />
              </span>
            )}
          {picked && <span>{fill(t('challenges.card.yourPick'), 'pick', <strong>{picked}</strong>)}</span>}
        </span>
      </span>
    </a>
  );
}
