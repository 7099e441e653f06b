// The web app manifest (issue 26, point 1): what a phone needs to install Terrace as the club's own app, made
// from the club's settings, so a new crest or colour reaches the home screen with the next install.

/** Every size a phone asks for: Android's launcher and splash (48-512), iOS's home screen (180). */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 180, 192, 256, 384, 512] as const;
/** Android's adaptive icons crop to a circle or a squircle: these keep the crest inside the safe zone. */
export const MASKABLE_SIZES = [192, 512] as const;

export const iconPath = (size: number, maskable = false) => `/icons/${maskable ? 'maskable-' : ''}${size}.png`;

export interface ManifestInput {
  name: string;
  description: string;
  lang: string;
  themeColour: string;
  backgroundColour: string;
}

export function appManifest({ name, description, lang, themeColour, backgroundColour }: ManifestInput) {
  return {
    id: '/',
    name,
    short_name: name.length > 12 ? name.split(/\s+/)[0]!.slice(0, 12) : name,
    description,
    lang,
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: iconPath(size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      ...MASKABLE_SIZES.map((size) => ({ src: iconPath(size, true), sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
    ],
  };
}
