// Terrace FC's demo stories (club content: stays in English, as the club wrote it). Pure data, shared by the
// seed (story.demo.ts) and the drawing script (scripts/pictures/story-images.ts), which paints each chapter's
// headline and text onto its picture: public/images/stories/{slug}-{n}.webp and {slug}-cover.webp.

/** What a chapter's picture shows besides its words (scripts/pictures/story-images.ts draws each). */
export type StoryScene =
  | 'gates' | 'teamsheet' | 'kickoff' | 'scoreboard' | 'signature' | 'captain' | 'shop' | 'youth' | 'header' | 'draw'
  | 'kit' | 'press' | 'tag' | 'coach' | 'road' | 'ticket' | 'phone' | 'iphone' | 'android' | 'crest'
  | 'welcome' | 'ladder' | 'target' | 'lock' | 'dressing' | 'tunnel' | 'plane' | 'gift';

interface DemoChapter {
  headline: string;
  text: string;
  scene: StoryScene;
  sponsorUrl?: string;
}

export interface DemoStory {
  /** Names its pictures. */
  slug: string;
  title: string;
  type: 'live' | 'sponsored' | 'default';
  value: number;
  /** Shown from this many hours before the seed (negative: not yet started). */
  startedHoursAgo: number;
  /** Shown until this many days after the seed (negative: already over). */
  stopsInDays: number;
  /** The cover's colours: ground and motif. */
  colours: { ground: string; ink: string };
  /** A sponsor's name, written on its chapters' pictures. */
  sponsor?: string;
  chapters: DemoChapter[];
}

const HARBOUR_PRINT = 'https://harbourprint.example/terrace-fc';
const COASTLINE = 'https://coastlinecoaches.example/away-days';

export const DEMO_STORIES: ReadonlyArray<DemoStory> = [
  {
    slug: 'matchday-live',
    title: 'Matchday live: Terrace FC v Millbank Rovers',
    type: 'live',
    value: 15,
    startedHoursAgo: 2,
    stopsInDays: 30,
    colours: { ground: '#c8102e', ink: '#ffffff' },
    chapters: [
      { headline: 'Gates open at 1:30 pm', text: 'Get in early: the North Stand flag display starts at 2:45.', scene: 'gates' },
      { headline: 'The team is in', text: 'Calder captains, Mensah starts up front and Doyle is on the bench.', scene: 'teamsheet' },
      { headline: 'Kick-off at 3 pm', text: 'Sing from the first whistle. Millbank bring 2,000 away fans.', scene: 'kickoff' },
      { headline: 'Half-time: 1-0', text: "Mensah's header on 34 minutes puts Terrace ahead. Keep it loud!", scene: 'scoreboard' },
    ],
  },
  {
    slug: 'calder-new-deal',
    title: 'Captain Calder signs on',
    type: 'default',
    value: 10,
    startedHoursAgo: 5,
    stopsInDays: 365,
    colours: { ground: '#0b5d3b', ink: '#f2b705' },
    chapters: [
      { headline: 'Three more years', text: 'Rhys Calder has signed a new deal until the summer of 2029.', scene: 'signature' },
      { headline: '214 games and counting', text: 'From the academy to the armband, all of them in green and gold.', scene: 'captain' },
      { headline: 'Meet the captain', text: 'Signing session in the club shop on Saturday from 1 pm.', scene: 'shop' },
    ],
  },
  {
    slug: 'youth-cup',
    title: 'Under-18s into the quarter-finals',
    type: 'default',
    value: 10,
    startedHoursAgo: 30,
    stopsInDays: 365,
    colours: { ground: '#12233f', ink: '#f2b705' },
    chapters: [
      { headline: 'Eastgate 1, Terrace 2', text: 'The under-18s are into the Youth Cup quarter-finals for the first time in nine years.', scene: 'youth' },
      { headline: 'An 88th-minute winner', text: 'Kwame Mensah rose highest to head home a corner.', scene: 'header' },
      { headline: 'Next up: the draw', text: 'Monday at noon. Academy games are free for season ticket holders.', scene: 'draw' },
    ],
  },
  {
    slug: 'boxing-day-kit',
    title: 'The Boxing Day kit, with Harbour Print',
    type: 'sponsored',
    value: 10,
    startedHoursAgo: 8,
    stopsInDays: 365,
    colours: { ground: '#f2b705', ink: '#0b5d3b' },
    sponsor: 'Harbour Print',
    chapters: [
      { headline: 'A kit for the derby', text: 'Green and gold, made for Boxing Day against Millbank Rovers.', scene: 'kit', sponsorUrl: HARBOUR_PRINT },
      { headline: 'Printed in the city', text: 'Every shirt is printed by our partner Harbour Print, five miles from the ground.', scene: 'press', sponsorUrl: HARBOUR_PRINT },
      { headline: 'Members save 10%', text: 'In the club shop until Christmas Eve. Show your rank at the till.', scene: 'tag', sponsorUrl: HARBOUR_PRINT },
    ],
  },
  {
    slug: 'away-day-coaches',
    title: 'Away day travel with Coastline Coaches',
    type: 'sponsored',
    value: 10,
    startedHoursAgo: 20,
    stopsInDays: 365,
    colours: { ground: '#2b6f9e', ink: '#ffffff' },
    sponsor: 'Coastline Coaches',
    chapters: [
      { headline: 'Harbour Town away', text: 'Saturday 12 December, kick-off 3 pm at the Lighthouse Ground.', scene: 'coach', sponsorUrl: COASTLINE },
      { headline: 'Coaches leave at 9 am', text: 'From the Riverside Park car park. £18 return for members.', scene: 'road', sponsorUrl: COASTLINE },
      { headline: 'Book your seat', text: 'Seats are limited: book on the Coastline Coaches site.', scene: 'ticket', sponsorUrl: COASTLINE },
    ],
  },
  {
    slug: 'save-to-home',
    title: 'Save to Home',
    type: 'default',
    value: 5,
    startedHoursAgo: 24 * 7,
    stopsInDays: 3650,
    colours: { ground: '#12233f', ink: '#ffffff' },
    chapters: [
      { headline: 'Terrace FC on your home screen', text: 'Open the club app in one tap, like any other app on your phone.', scene: 'phone' },
      { headline: 'On iPhone', text: 'In Safari, tap Share, then Add to Home Screen, then Add.', scene: 'iphone' },
      { headline: 'On Android', text: 'In Chrome, tap the menu (three dots), then Add to Home screen or Install app.', scene: 'android' },
      { headline: "That's it!", text: 'Look for the crest on your home screen. See you on matchday.', scene: 'crest' },
    ],
  },
  {
    slug: 'p10-welcome-pack',
    title: 'P10 Welcome pack',
    type: 'default',
    value: 10,
    startedHoursAgo: 24 * 3,
    stopsInDays: 3650,
    colours: { ground: '#0b5d3b', ink: '#ffffff' },
    chapters: [
      { headline: 'Welcome to the terrace', text: 'You are P10: every supporter starts here.', scene: 'welcome' },
      { headline: 'Earn your way up', text: 'Check in every day, answer challenges and view stories to climb the ranks.', scene: 'ladder' },
      { headline: 'Next stop: P9', text: 'At 100 points you reach P9, and a behind-the-scenes story opens for you.', scene: 'target' },
    ],
  },
  {
    slug: 'p9-behind-the-scenes',
    title: 'P9 Behind the scenes',
    type: 'default',
    value: 20,
    startedHoursAgo: 24 * 3,
    stopsInDays: 3650,
    colours: { ground: '#063b25', ink: '#f2b705' },
    chapters: [
      { headline: 'For P9 supporters only', text: 'Thanks for climbing the ranks. Here is a look inside.', scene: 'lock' },
      { headline: 'The dressing room', text: 'Shirts hung at 1 pm, tactics board at 2, and no phones after that.', scene: 'dressing' },
      { headline: 'The tunnel', text: 'Forty steps from the dressing room to the pitch. The players count every one.', scene: 'tunnel' },
    ],
  },
  // Outside their window (not listed): one over, one not yet started.
  {
    slug: 'pre-season-tour',
    title: 'Pre-season tour diary',
    type: 'default',
    value: 10,
    startedHoursAgo: 24 * 120,
    stopsInDays: -60,
    colours: { ground: '#bfe3f5', ink: '#0b5d3b' },
    chapters: [{ headline: 'Bound for the coast', text: 'Two friendlies, one week, and a lot of sunscreen.', scene: 'plane' }],
  },
  {
    slug: 'christmas-message',
    title: 'A Christmas message from the squad',
    type: 'default',
    value: 10,
    startedHoursAgo: -24 * 20,
    stopsInDays: 40,
    colours: { ground: '#c8102e', ink: '#f2b705' },
    chapters: [{ headline: 'Merry Christmas', text: 'From every player and every member of staff at Riverside Park.', scene: 'gift' }],
  },
];

/** A chapter picture's path (n from 1), and a cover's. */
export const storyChapterImage = (slug: string, n: number) => `/images/stories/${slug}-${n}.webp`;
export const storyCoverImage = (slug: string) => `/images/stories/${slug}-cover.webp`;
