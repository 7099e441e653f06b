// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './src/server/http/precompress.ts';
import { reactRendererTag } from './src/build/react-renderer-tag.ts';
import { serverEntry } from './src/build/server-entry.ts';
import { serviceWorker } from './src/build/service-worker.ts';
import { shellChunks } from './src/build/shell-chunk.ts';
import { PAGE_CSP_DIRECTIVES } from './src/server/http/security-headers.ts';
import { FORM_CLIP_LIMIT, FORM_UPLOAD_LIMIT } from './src/shared/limits.ts';

// Astro's own body limits are global (every page and action alike); the request gate
// (src/server/http/request-gate.ts) is the real limit, by address and for the console's uploads only to
// staff. So Astro's are the largest form the gate lets through anywhere, the console's clip form, and no more.
const ASTRO_BODY_LIMIT = Math.max(FORM_UPLOAD_LIMIT, FORM_CLIP_LIMIT);

export default defineConfig({
  output: 'server',
  // The adapter's app handler only (middleware mode), wrapped by our own HTTP server in
  // src/server/http/serve.ts, which serves the built files from an index made at start (no file-system
  // probe per page request), compresses, and shuts down gracefully. That server is the build's entry
  // (src/server/http/main.ts, see serverEntry below), bundled with the app. Pages render to one string, not a
  // stream: every page has its data before it renders, so streaming only added per-chunk cost.
  // Bodies are bounded before Astro sees them (src/server/http/request-gate.ts); this is the backstop.
  adapter: node({ mode: 'middleware', bodySizeLimit: ASTRO_BODY_LIMIT, experimentalDisableStreaming: true }),
  // Islands render with renderToString: a stream per island cost more than the island itself.
  // The service worker (/sw.js) is built after the site, from the list of what the build made.
  integrations: [react({ experimentalDisableStreaming: true }), precompress(), serviceWorker(new URL('./src/features/install/service-worker.ts', import.meta.url))],
  server: { port: 4321, host: true },
  // Kept pages: a page declares in its frontmatter that it may be kept (src/lib/cache/kept-page.ts); our
  // runtime provider keeps it, and checks a supporter's page against the database's versions at every serve.
  cache: { provider: { name: 'kept-pages', entrypoint: './src/server/http/kept-pages/provider.ts' } },
  // Its overlay sits over the page's own controls, in the way of end-to-end tests run against `astro dev`.
  devToolbar: { enabled: false },
  // Same-origin checks for unsafe requests are done in src/middleware.ts for every content type.
  // Astro hashes every script and style it renders into each page's Content-Security-Policy header;
  // the inline ones of our own add their hashes at render time (src/layouts/Base.astro). Style
  // attributes (React's `style={…}`) are allowed; inline scripts never are.
  security: {
    checkOrigin: false,
    // The photo form's action takes a photo, the console's clip form a clip (src/shared/limits.ts); the
    // request gate bounds every body first (see ASTRO_BODY_LIMIT above).
    actionBodySizeLimit: ASTRO_BODY_LIMIT,
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    plugins: [
      tailwindcss(), reactRendererTag(), serverEntry(new URL('./src/server/http/main.ts', import.meta.url)),
      // Code many pages run alike, in one file per group (src/build/shell-chunk.ts): what every signed-in page
      // runs (its current user and standing), then what every page with islands runs (its toasts,
      // and what the answering islands share: the award's path, the form's send, icons, words), then the
      // dashboard's own islands.
      shellChunks({
        shell: [
          'src/layouts/CurrentUser.astro?astro&type=script', 'src/features/session/HeaderStandingLive.astro?astro&type=script',
          // ky's error guards, which the current user's refresh reads (ky itself loads at the first call).
          'node_modules/ky/distribution/utils/type-guards.js',
        ],
        islands: [
          'src/components/ui/Toaster.tsx', 'src/features/session/after-award.ts', 'src/lib/forms/submit-action.ts', 'src/shared/i18n/translate.ts',
          'src/components/ui/Icon.tsx', 'src/components/ui/Button.tsx', 'src/components/ui/PointsPill.tsx', 'src/components/ui/ProgressBar.tsx',
          'src/features/challenges/submit.ts',
        ],
        dashboard: [
          'src/features/session/LivePoints.tsx', 'src/features/checkin/CheckinCard.tsx', 'src/features/challenges/LiveOpenChallenges.tsx',
          'src/features/stories/StoriesRail.astro?astro&type=script',
        ],
      }),
    ],
    build: {
      rolldownOptions: {
        // lucide-react's icon modules each make a component the icons never use (src/components/ui/Icon.tsx
        // reads only their drawings): without this the component and lucide's runtime stayed in the bundle.
        treeshake: { manualPureFunctions: ['createLucideIcon'] },
        // A module imported both dynamically and statically stays in its static importer's chunk: the
        // message files (one chunk per locale, spec section 7) would then all load at once. Fail the build.
        onwarn(warning, warn) {
          if (warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT') throw new Error(warning.message);
          warn(warning);
        },
      },
    },
  },
});
