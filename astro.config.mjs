// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './src/server/http/precompress.ts';

export default defineConfig({
  output: 'server',
  // Standalone handler (static files with immutable caching for /_astro/) wrapped by our own
  // HTTP server in src/server/http/serve.ts, which adds compression and graceful shutdown.
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), precompress()],
  server: { port: 4321, host: true },
  // Its overlay sits over the page's own controls, in the way of end-to-end tests run against `astro dev`.
  devToolbar: { enabled: false },
  // Same-origin checks for unsafe requests are done in src/middleware.ts for every content type.
  security: { checkOrigin: false },
  vite: { plugins: [tailwindcss()] },
});
