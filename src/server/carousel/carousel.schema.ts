import { z } from '@hono/zod-openapi';

export const CarouselCardSchema = z.object({
  id: z.string().openapi({ example: 'kit-launch' }),
  title: z.string(),
  description: z.string(),
  points: z.number().int().openapi({ example: 50 }),
  image: z.string().openapi({ example: '/images/carousel/kit-launch.svg' }),
  url: z.string().openapi({ description: 'Where the call to action goes: an internal path or an external address.' }),
  cta: z.string().openapi({ description: 'The call to action\'s label.' }),
  icon: z.string().openapi({ example: 'star', description: 'An icon name: the bundled set, else looked up at the icon service.' }),
  underageGate: z.boolean().openapi({ description: 'Never listed for supporters under 18.' }),
  isAd: z.boolean().openapi({ description: 'A paid placement, labelled "Ad".' }),
}).openapi('CarouselCard');

export const DismissedSchema = z.object({ id: z.string(), dismissed: z.literal(true) }).openapi('CarouselDismissed');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type CarouselCard = z.infer<typeof CarouselCardSchema>;
export type CarouselDismissed = z.infer<typeof DismissedSchema>;
