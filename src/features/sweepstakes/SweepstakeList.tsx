import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import { formatDateTime } from '~/shared/i18n/format.ts';
import { translator, type Messages, type Translate } from '~/shared/i18n/translate.ts';
import { sweepstakeImage } from './sweepstake-image.ts';
import type { Sweepstake } from './sweepstakes.api.ts';

export interface SweepstakeListProps {
  sweepstakes: readonly Sweepstake[];
  terms: PointTerms;
  underage: boolean;
  locale: string;
  timeZone: string;
  /** The page's `sweepstakes.card.*` and `sweepstakes.list.*` messages. */
  messages: Partial<Messages>;
}

type Status = Sweepstake['status'];
const GROUPS: ReadonlyArray<[Status, 'sweepstakes.list.live' | 'sweepstakes.list.comingSoon' | 'sweepstakes.list.ended']> = [
  ['live', 'sweepstakes.list.live'], ['coming_soon', 'sweepstakes.list.comingSoon'], ['ended', 'sweepstakes.list.ended'],
];

const BADGE: Record<Status | 'cancelled', string> = {
  live: 'bg-primary text-on-primary',
  coming_soon: 'bg-secondary text-on-secondary',
  ended: 'bg-black/10 text-text',
  cancelled: 'bg-black/10 text-text',
};

function badgeText(s: Sweepstake, t: Translate): string {
  if (s.cancelledAt) return t('sweepstakes.card.cancelled');
  return s.status === 'live' ? t('sweepstakes.card.live') : s.status === 'coming_soon' ? t('sweepstakes.card.comingSoon') : t('sweepstakes.card.ended');
}

function dateText(s: Sweepstake, t: Translate, locale: string, timeZone: string): string {
  if (s.status === 'live') return t('sweepstakes.card.closes', { date: formatDateTime(s.endsAt, locale, timeZone) });
  if (s.status === 'coming_soon') return t('sweepstakes.card.opens', { date: formatDateTime(s.startsAt, locale, timeZone) });
  return t('sweepstakes.card.closed', { date: formatDateTime(s.cancelledAt ?? s.endsAt, locale, timeZone) });
}

/** What an ended one came to: its winners, the draw to come, or the refund. */
function outcome(s: Sweepstake, t: Translate): string | null {
  if (s.status !== 'ended') return null;
  if (s.cancelledAt) return t('sweepstakes.card.refunded');
  if (!s.drawnAt) return t('sweepstakes.card.drawSoon');
  if (s.winners.length === 0) return null;
  return t('sweepstakes.card.winners', { names: s.winners.map((w) => w.name ?? t('sweepstakes.card.someone')).join(', ') });
}

function Card({ s, first, ...props }: { s: Sweepstake; first: boolean } & Omit<SweepstakeListProps, 'sweepstakes' | 'messages'> & { t: Translate }) {
  const { t, terms, underage, locale, timeZone } = props;
  const image = sweepstakeImage(s.mediaId);
  const result = outcome(s, t);
  return (
    <li>
      <a href={`/sweepstakes/${encodeURIComponent(s.slug)}`}
        className="block overflow-hidden rounded-xl bg-surface shadow-sm ring-1 ring-black/5 hover:ring-primary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
        {image && (
          <img src={image.src} srcSet={image.srcset} sizes="(min-width: 36rem) 544px, 100vw" width={image.width} height={image.height} alt=""
            loading={first ? 'eager' : 'lazy'} decoding="async" className="aspect-[2/1] h-auto w-full bg-primary/10 object-cover" />
        )}
        <span className="flex flex-col gap-1 p-4">
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className={`rounded-full px-2.5 py-0.5 font-bold ${BADGE[s.cancelledAt ? 'cancelled' : s.status]}`}>{badgeText(s, t)}</span>
            <span className="text-muted">{dateText(s, t, locale, timeZone)}</span>
          </span>
          <span className="mt-1 text-lg leading-snug font-bold">{s.title}</span>
          <span className="line-clamp-2 text-sm text-muted">{s.description}</span>
          <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            {/* Under-18 supporters never see amounts of points (spec section 6). */}
            {s.status !== 'ended' && !underage && (
              <span className="rounded-full bg-accent px-2.5 py-0.5 font-bold text-on-accent">
                {t('sweepstakes.card.cost', { points: pointsText(s.costPerEntry, terms, locale) })}
              </span>
            )}
            {s.entryCount > 0 && <span className="font-semibold">{t('sweepstakes.card.yourEntries', { count: s.entryCount })}</span>}
            {s.entry.freeEntryAvailable && <span className="rounded-full bg-accent/25 px-2.5 py-0.5 font-semibold">{t('sweepstakes.card.freeEntry')}</span>}
            {result && <span className="font-semibold">{result}</span>}
          </span>
        </span>
      </a>
    </li>
  );
}

/** The sweepstakes in three groups: live, coming soon, ended. Plain HTML: no hydration of its own. */
export function SweepstakeList({ sweepstakes, messages, ...props }: SweepstakeListProps) {
  const t = translator(messages, props.locale);
  let first = true;
  return (
    <div className="space-y-8">
      {GROUPS.map(([status, heading]) => {
        const items = sweepstakes.filter((s) => s.status === status);
        if (items.length === 0) return null;
        const id = `sweepstakes-${status}`;
        return (
          <section key={status} aria-labelledby={id}>
            <h2 id={id} className="text-lg font-bold">{t(heading)}</h2>
            <ul className="mt-3 grid gap-4">
              {items.map((s) => {
                const card = <Card key={s.sweepstakeId} s={s} first={first} t={t} {...props} />;
                first = false;
                return card;
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
