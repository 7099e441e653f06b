// Terrace FC's demo activations (club content: stays in English, as the club wrote it). Pure data, shared by
// the seed (activation.demo.ts) and the drawing script (scripts/pictures/badge-images.ts), which draws each
// badge: public/images/badges/{slug}.svg.

/** What a badge shows in its middle (scripts/pictures/badge-images.ts draws each). */
export type BadgeMotif = 'stadium' | 'shop' | 'ticket';

export interface DemoActivation {
  slug: string;
  title: string;
  description: string;
  badgeName: string;
  points: number;
  /** Open from this many hours before the seed (negative: opens later). */
  startedHoursAgo: number;
  /** Open until this many days after the seed. */
  stopsInDays: number;
  motif: BadgeMotif;
  /** The badge's ring and ground. */
  colours: { ring: string; ground: string };
}

export const DEMO_ACTIVATIONS: ReadonlyArray<DemoActivation> = [
  {
    slug: 'matchday-millbank',
    title: 'Matchday: Terrace FC v Millbank Rovers',
    description: 'Scan the code on the big screen or at any turnstile at Riverside Park on matchday to collect the Riverside Roar badge.',
    badgeName: 'Riverside Roar',
    points: 50,
    startedHoursAgo: 3,
    stopsInDays: 30,
    motif: 'stadium',
    colours: { ring: '#f2b705', ground: '#0b5d3b' },
  },
  {
    slug: 'club-shop',
    title: 'Club shop visit',
    description: 'Scan the code at the till in the club shop at Riverside Park, on matchday or any weekday from 9 am to 5 pm.',
    badgeName: 'Shop Regular',
    points: 25,
    startedHoursAgo: 30 * 24,
    stopsInDays: 365,
    motif: 'shop',
    colours: { ring: '#0b5d3b', ground: '#12233f' },
  },
  {
    slug: 'season-ticket-renewal',
    title: 'Season-ticket renewal window',
    description: 'Renew your season ticket for next season at the ticket office and scan the code on your receipt.',
    badgeName: 'Season Ticket Holder',
    points: 100,
    startedHoursAgo: -10 * 24,
    stopsInDays: 40,
    motif: 'ticket',
    colours: { ring: '#12233f', ground: '#c8102e' },
  },
];

/** A badge's picture, a path on this site. */
export const badgeImage = (slug: string) => `/images/badges/${slug}.svg`;
