import type { APIRoute } from 'astro';
import { iconPng } from '~/features/install/icons.server.ts';

/** Browsers and crawlers ask for /favicon.ico whatever the page says: the crest, as a 48 px PNG. */
export const GET: APIRoute = async ({ locals }) => {
  const { organization } = locals;
  const bytes = await iconPng('48', organization.settings.crestUrl ?? '/favicon.svg', organization.theme['primary'] ?? '#0b5d3b')?.catch(() => undefined);
  if (!bytes) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } });
};
