import type { APIRoute } from 'astro';
import { iconPng } from '~/features/install/icons.server.ts';

/** The app's icons in every size a phone asks for, drawn from the club's crest (src/features/install). */
export const GET: APIRoute = async ({ params, locals }) => {
  const { organization } = locals;
  const icon = iconPng(params['name'] ?? '', organization.settings.crestUrl ?? '/favicon.svg', organization.theme['primary'] ?? '#0b5d3b');
  if (!icon) return new Response(null, { status: 404 });
  const bytes = await icon.catch(() => undefined);
  if (!bytes) return new Response(null, { status: 503, headers: { 'Retry-After': '60' } });
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } });
};
