import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./src', import.meta.url)),
  // Astro's virtual module, which islands import to call the forms' actions (src/actions/).
  'astro:actions': fileURLToPath(new URL('./tests/unit/astro-actions.ts', import.meta.url)),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // tests/*/: the harnesses' own tools (npm run fuzz, perf, bench, chaos); tests/e2e holds Playwright's *.spec.ts.
        test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'], exclude: ['src/server/**'] },
      },
      {
        resolve: { alias },
        // API and database tests: they run once on SQLite and again on PostgreSQL (TEST_DATABASE_URL).
        test: { name: 'api', include: ['src/server/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
      },
    ],
  },
});
