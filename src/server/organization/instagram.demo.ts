// Terrace FC's Instagram, as its media team would have posted it (club content: stays in English). The
// pictures are the club's own copies, drawn by scripts/pictures/instagram-images.ts and committed under
// public/images/instagram/ as square WebP, so /media/instagram makes no request to another site.

const DAY = 86_400_000;

/** The demo pictures, by name: the files are `/images/instagram/{name}-{width}.webp`. */
export const INSTAGRAM_DEMO_IMAGES = ['matchday', 'training', 'academy', 'community', 'kit', 'supporters'] as const;
export type InstagramDemoImage = (typeof INSTAGRAM_DEMO_IMAGES)[number];
/** Every demo picture is square, in these widths. */
export const INSTAGRAM_IMAGE_WIDTHS = [480, 960] as const;

const DEMO_INSTAGRAM_PROFILE_URL = 'https://www.instagram.com/terracefc/';

interface DemoPost { id: string; picture: InstagramDemoImage; shortcode: string; daysAgo: number; alt: string; caption: string }

const DEMO_POSTS: ReadonlyArray<DemoPost> = [
  {
    id: 'matchday-millbank',
    picture: 'matchday',
    shortcode: 'DAtr1sMxk2Q',
    daysAgo: 1,
    alt: 'Terrace FC players in green celebrate a goal in front of a packed North Stand.',
    caption: 'Three points and a clean sheet. 2-0 against Millbank Rovers, and what a noise from the North Stand all afternoon. #TerraceFC #Matchday',
  },
  {
    id: 'training-harbour-town',
    picture: 'training',
    shortcode: 'DAr7KpQx9Lm',
    daysAgo: 3,
    alt: 'Cones and footballs laid out on the training pitch on a frosty morning.',
    caption: 'Cold morning, warm legs. The squad is back on the grass ahead of Saturday’s trip to Harbour Town. #TerraceFC #Training',
  },
  {
    id: 'academy-youth-cup',
    picture: 'academy',
    shortcode: 'DApQ4vNx1Ze',
    daysAgo: 5,
    alt: 'The under-18s hold a Youth Cup banner on the pitch at Eastgate.',
    caption: 'Into the Youth Cup quarter-finals for the first time in nine years. Proud of every one of you, under-18s. The draw is on Monday. #TerraceAcademy',
  },
  {
    id: 'community-reading-club',
    picture: 'community',
    shortcode: 'DAm2JwRx6Ta',
    daysAgo: 8,
    alt: 'A stack of donated children’s books beside a Terrace FC scarf.',
    caption: 'Our players visited St Anne’s Primary to open the Terrace Reading Club: 300 books, every one of them donated by you. Thank you. #TerraceCommunity',
  },
  {
    id: 'boxing-day-kit',
    picture: 'kit',
    shortcode: 'DAj8HcLx3Pw',
    daysAgo: 11,
    alt: 'The new green and cream hooped shirt with a gold crest on a hanger.',
    caption: 'The Boxing Day kit. Green and cream hoops and a gold crest, a nod to the 1898 original. In the club shop from Friday at 9 am. #TerraceFC #NewKit',
  },
  {
    id: 'north-stand-supporters',
    picture: 'supporters',
    shortcode: 'DAg5TbYx8Rc',
    daysAgo: 14,
    alt: 'Supporters in the North Stand hold up green and gold scarves before kick-off.',
    caption: 'The North Stand, forty minutes before kick-off. You are the reason we play. Tag yourself if you were there. #TerraceFC #Supporters',
  },
];

const file = (picture: InstagramDemoImage, width: number) => `/images/instagram/${picture}-${width}.webp`;

/**
 * The demo's Instagram settings (organization settings are text: `instagramPosts` is a JSON list), with
 * post times counted back from `now` so the demo always looks current.
 */
export function demoInstagramSettings(now = new Date()): Record<string, string> {
  const posts = DEMO_POSTS.map((post) => ({
    id: post.id,
    image: file(post.picture, Math.max(...INSTAGRAM_IMAGE_WIDTHS)),
    sources: INSTAGRAM_IMAGE_WIDTHS.map((width) => ({ src: file(post.picture, width), width })),
    alt: post.alt,
    caption: post.caption,
    url: `https://www.instagram.com/p/${post.shortcode}/`,
    // Each at its own time of day: late afternoon after a match, mornings otherwise.
    postedAt: new Date(Math.floor(now.getTime() / DAY) * DAY - post.daysAgo * DAY + (post.picture === 'matchday' ? 17.2 : 9.5) * 3_600_000).toISOString(),
  }));
  return { instagramPosts: JSON.stringify(posts), instagramProfileUrl: DEMO_INSTAGRAM_PROFILE_URL };
}
