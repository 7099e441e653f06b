// Theme tokens. Colours are CSS variables set per organization by src/layouts/Base.astro,
// so one build serves any club's palette. The type (src/styles/global.css loads the face) is the club app's
// voice: Archivo, a sturdy grotesque, on one scale (ratio about 1.2 from a 16 px body) that every page's
// headings, body, labels and numbers take their size from; the big steps tighten their tracking.
/** @type {import('tailwindcss').Config} */
export default {
  theme: {
    extend: {
      colors: {
        primary: 'var(--color-primary)',
        'on-primary': 'var(--color-on-primary)',
        secondary: 'var(--color-secondary)',
        'on-secondary': 'var(--color-on-secondary)',
        accent: 'var(--color-accent)',
        'on-accent': 'var(--color-on-accent)',
        background: 'var(--color-background)',
        surface: 'var(--color-surface)',
        text: 'var(--color-text)',
        muted: 'var(--color-muted)',
      },
      fontFamily: {
        sans: ['"Archivo Variable"', '"Archivo Fallback"', 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', 'Arial', 'sans-serif'],
      },
      fontSize: {
        // Labels, captions, body…
        xs: ['0.75rem', { lineHeight: '1rem', letterSpacing: '0.005em' }],
        sm: ['0.875rem', { lineHeight: '1.25rem' }],
        base: ['1rem', { lineHeight: '1.5rem' }],
        lg: ['1.125rem', { lineHeight: '1.625rem', letterSpacing: '-0.005em' }],
        // …section headings, page titles, hero lines and the big numbers.
        xl: ['1.3125rem', { lineHeight: '1.75rem', letterSpacing: '-0.01em' }],
        '2xl': ['1.625rem', { lineHeight: '1.95rem', letterSpacing: '-0.015em' }],
        '3xl': ['2rem', { lineHeight: '2.25rem', letterSpacing: '-0.02em' }],
        '4xl': ['2.5rem', { lineHeight: '2.625rem', letterSpacing: '-0.025em' }],
        // Named steps for the roles the scale plays where a page wants to say so.
        label: ['0.75rem', { lineHeight: '1rem', letterSpacing: '0.08em', fontWeight: '700' }],
        figure: ['2.5rem', { lineHeight: '1', letterSpacing: '-0.03em', fontWeight: '800' }],
      },
      maxWidth: { 84: '21rem' },
    },
  },
};
