import type { Locale } from '../../shared/i18n/locales.ts';

/** Text a card carries in each of the product's languages (the demo list is product data, not club content). */
type Localized = Record<Locale, string>;

/** Spec entity Carousel reward: id, title, description, points, image, url, cta, icon, underageGate, isAd. */
export interface DemoCard {
  id: string;
  title: Localized;
  description: Localized;
  points: number;
  /** A small SVG shipped under public/ (nothing fetched from elsewhere). */
  image: string;
  /** Where the call to action goes: an internal path, or an external address (shown only through safeHref). */
  url: string;
  cta: Localized;
  /** A name from the bundled icon set; any other name is looked up at the icon service, else the default icon. */
  icon: string;
  /** Hidden from supporters under 18 (betting, alcohol and the like). */
  underageGate: boolean;
  /** A paid placement: shown with an "Ad" label. */
  isAd: boolean;
}

/** Spec: "A fixed demo list of five promotional cards is built in." In this order on the dashboard. */
export const DEMO_CARDS: ReadonlyArray<DemoCard> = [
  {
    id: 'matchday-checkin',
    title: { en: 'A streak bonus every week', es: 'Premio a la racha cada semana' },
    description: { en: 'Check in seven days in a row for a bonus.', es: 'Registra tu visita siete días seguidos y llévate un extra.' },
    points: 10, image: '/images/carousel/matchday-checkin.svg', url: '/dashboard#checkin',
    cta: { en: 'Check in', es: 'Registrar mi visita' }, icon: 'calendar', underageGate: false, isAd: false,
  },
  {
    id: 'kit-launch',
    title: { en: 'The new home kit is here', es: 'Ya está aquí la nueva equipación' },
    description: { en: '10% off in the club shop this week.', es: 'Un 10 % de descuento en la tienda del club esta semana.' },
    points: 50, image: '/images/carousel/kit-launch.svg', url: 'https://shop.terrace.example/kit',
    cta: { en: 'Shop the kit', es: 'Ver la equipación' }, icon: 'star', underageGate: false, isAd: true,
  },
  {
    id: 'brewery-pint',
    title: { en: 'A pint on Ironside Road', es: 'Una pinta en Ironside Road' },
    description: { en: 'Our brewery partner pours a matchday ale for members.', es: 'Nuestra cervecera amiga sirve una cerveza de jornada a los socios.' },
    points: 25, image: '/images/carousel/brewery-pint.svg', url: 'https://brewery.terrace.example/matchday',
    cta: { en: 'Find the bar', es: 'Buscar el bar' }, icon: 'gift', underageGate: true, isAd: true,
  },
  {
    id: 'challenge-week',
    title: { en: 'Challenge week', es: 'Semana de retos' },
    description: { en: 'Answer three challenges before Sunday.', es: 'Responde a tres retos antes del domingo.' },
    points: 30, image: '/images/carousel/challenge-week.svg', url: '/challenges',
    cta: { en: 'See challenges', es: 'Ver retos' }, icon: 'trophy', underageGate: false, isAd: false,
  },
  {
    id: 'odds-partner',
    title: { en: 'Price up the derby', es: 'Cuotas para el derbi' },
    description: { en: 'Our betting partner has odds on Saturday’s derby.', es: 'Nuestro socio de apuestas tiene cuotas para el derbi del sábado.' },
    points: 40, image: '/images/carousel/odds-partner.svg', url: 'https://bet.terrace.example/derby',
    // Not in the bundled set: looked up at ICON_SERVICE_URL, the default icon when unset or too slow.
    cta: { en: 'See the odds', es: 'Ver las cuotas' }, icon: 'ticket', underageGate: true, isAd: true,
  },
];

export const DEMO_CARD_IDS = new Set(DEMO_CARDS.map((card) => card.id));
