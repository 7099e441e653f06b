import type { APIRoute } from 'astro';
import { appManifest } from '~/features/install/app-manifest.ts';

/** The web app manifest, from the club's settings, in the visitor's language. */
export const GET: APIRoute = ({ locals }) => {
  const { organization, t, locale } = locals;
  const manifest = appManifest({
    name: organization.name,
    description: t('install.description', { club: organization.name }),
    lang: locale,
    themeColour: organization.theme['primary'] ?? '#0b5d3b',
    backgroundColour: organization.theme['surface'] ?? '#ffffff',
  });
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie, Accept-Language' },
  });
};
