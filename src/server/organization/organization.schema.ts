import { z } from '@hono/zod-openapi';

const RankSchema = z.object({
  name: z.string().openapi({ example: 'P10' }),
  pointsRequired: z.number().int().openapi({ example: 0 }),
});

export const InstagramPostSchema = z.object({
  id: z.string().openapi({ example: 'matchday-millbank' }),
  image: z.string().openapi({
    description: 'The square picture at its largest, a path on this site (the club keeps its own copy).',
    example: '/images/instagram/matchday-960.webp',
  }),
  sources: z.array(z.object({ src: z.string(), width: z.number().int() })).openapi({
    description: 'The same picture in other widths (paths on this site), for srcset; may be empty.',
    example: [{ src: '/images/instagram/matchday-480.webp', width: 480 }, { src: '/images/instagram/matchday-960.webp', width: 960 }],
  }),
  alt: z.string().nullable().openapi({ description: 'What the picture shows; null when the caption says enough.' }),
  caption: z.string().openapi({ description: 'Plain text as the club wrote it: never HTML.' }),
  url: z.string().openapi({ description: 'The post on Instagram (https://www.instagram.com/… or https://instagram.com/…).' }),
  postedAt: z.string().openapi({ description: 'UTC ISO 8601.', example: '2026-11-21T17:05:00.000Z' }),
}).openapi('InstagramPost');

const InstagramProfileSchema = z.object({
  url: z.string().openapi({ example: 'https://www.instagram.com/terracefc/' }),
  handle: z.string().openapi({ example: 'terracefc' }),
}).openapi('InstagramProfile');

export const OrganizationSchema = z.object({
  organizationId: z.string(),
  name: z.string().openapi({ example: 'Terrace FC' }),
  token: z.string().openapi({ description: 'Send back as the x-org-token header on later calls.' }),
  timeZone: z.string().openapi({ example: 'Europe/London' }),
  ranks: z.array(RankSchema).openapi({ description: 'Ten ranks, P10 (0 points) up to P1.' }),
  settings: z.object({
    pointTerm: z.string(),
    pointsTerm: z.string(),
    animatedPointsAsXp: z.enum(['true', 'false']).or(z.string()),
    ssoEnabled: z.string().openapi({ example: 'false' }),
    loggedOffDashboard: z.string().openapi({ example: 'false' }),
    crestUrl: z.string().openapi({
      description: "The club's crest, a path on this site (square, ideally SVG): header, landing page and favicon.",
      example: '/brand/terrace-fc/crest.svg',
    }),
    heroUrl: z.string().nullable().openapi({
      description: "The landing page's hero image, a path on this site; null when the club has none.",
      example: '/brand/terrace-fc/hero.svg',
    }),
    aboutMarkdown: z.string().nullable().openapi({
      description: "The about page's text as the club wrote it (Markdown; render it sanitized), in the caller's language (Accept-Language) when the club wrote one; null when none.",
      example: '## Who we are\nFounded in 1898 on the river bank…',
    }),
    instagramPosts: z.array(InstagramPostSchema).openapi({
      description: "The club's chosen Instagram posts for /media/instagram, newest first (setting instagramPosts; invalid entries left out).",
    }),
    internalDomains: z.array(z.string()).openapi({
      description: "E-mail domains of the club's own people (setting internalDomains): a supporter at one ending in .io or .club is marked internal in analytics.",
      example: ['terracefc.club'],
    }),
    instagramProfile: InstagramProfileSchema.nullable().openapi({
      description: "The club's Instagram profile (setting instagramProfileUrl), the handle read from it; null when none.",
    }),
  }),
  theme: z.record(z.string(), z.string()).openapi({ example: { primary: '#0b5d3b' } }),
}).openapi('Organization');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Organization = z.infer<typeof OrganizationSchema>;
export type Rank = z.infer<typeof RankSchema>;
export type InstagramPost = z.infer<typeof InstagramPostSchema>;
