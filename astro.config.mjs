// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './src/server/http/precompress.ts';
import { PAGE_CSP_DIRECTIVES } from './src/server/http/security-headers.ts';
import { UPLOAD_LIMIT } from './src/server/http/limits.ts';

export default defineConfig({
  output: 'server',
  // Standalone handler (static files with immutable caching for /_astro/) wrapped by our own
  // HTTP server in src/server/http/serve.ts, which adds compression and graceful shutdown.
  // Bodies are bounded before Astro sees them (src/server/http/request-gate.ts); this is the backstop.
  adapter: node({ mode: 'standalone', bodySizeLimit: UPLOAD_LIMIT }),
  integrations: [react(), precompress()],
  server: { port: 4321, host: true },
  // Its overlay sits over the page's own controls, in the way of end-to-end tests run against `astro dev`.
  devToolbar: { enabled: false },
  // Same-origin checks for unsafe requests are done in src/middleware.ts for every content type.
  // Astro hashes every script and style it renders into each page's Content-Security-Policy header;
  // the inline ones of our own add their hashes at render time (src/layouts/Base.astro). Style
  // attributes (React's `style={…}`) are allowed; inline scripts never are.
  security: {
    checkOrigin: false,
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: { plugins: [tailwindcss()] },
});
