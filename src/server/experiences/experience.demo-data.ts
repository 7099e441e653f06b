// Terrace FC's demo enhanced experiences (club content: stays in English, as the club wrote it). Pure data,
// shared by the seed (experience.demo.ts) and the drawing script (scripts/pictures/badge-images.ts), which
// draws each picture: public/images/experiences/{slug}.svg.

/** What an experience's picture shows (scripts/pictures/badge-images.ts draws each). */
export type ExperienceScene = 'tour' | 'players' | 'training' | 'hospitality';

export interface DemoExperience {
  slug: string;
  title: string;
  description: string;
  /** The membership tiers (slugs of membership.demo.ts) that unlock it. */
  tiers: string[];
  adultsOnly: boolean;
  places: number;
  /** Places already given before the app took requests (booked by phone): so places left differ. */
  placesTaken: number;
  scene: ExperienceScene;
}

export const DEMO_EXPERIENCES: ReadonlyArray<DemoExperience> = [
  {
    slug: 'stadium-tour',
    title: 'Riverside Park stadium tour',
    description: 'Walk the tunnel, sit in the home dressing room and stand in the dugout on a guided tour with the club historian. About 90 minutes, on a weekday morning.',
    tiers: ['entry', 'supporter', 'gold'],
    adultsOnly: false,
    places: 30,
    placesTaken: 12,
    scene: 'tour',
  },
  {
    slug: 'meet-the-players',
    title: 'Meet the players',
    description: 'Join the squad after an open training session for photos and autographs. Bring your shirt: the players will sign it.',
    tiers: ['supporter', 'gold'],
    adultsOnly: false,
    places: 6,
    placesTaken: 5,
    scene: 'players',
  },
  {
    slug: 'training-ground-visit',
    title: 'Training-ground visit',
    description: 'Spend a morning at the Millfield training ground: watch the first team train, then lunch with the coaching staff.',
    tiers: ['gold'],
    adultsOnly: false,
    places: 10,
    placesTaken: 4,
    scene: 'training',
  },
  {
    slug: 'riverside-suite-hospitality',
    title: 'Matchday hospitality in the Riverside Suite',
    description: 'A three-course lunch, a padded seat on the halfway line and a drink with a club legend at half-time. Wine and beer are served: adults only.',
    tiers: ['supporter', 'gold'],
    adultsOnly: true,
    places: 12,
    placesTaken: 3,
    scene: 'hospitality',
  },
];

/** An experience's picture, a path on this site. */
export const experienceImage = (slug: string) => `/images/experiences/${slug}.svg`;
