import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '~': fileURLToPath(new URL('./src', import.meta.url)),
  // Astro's virtual module, which islands import to call the forms' actions (src/actions/).
  'astro:actions': fileURLToPath(new URL('./tests/unit/astro-actions.ts', import.meta.url)),
};

// Test files share their worker's modules (isolate: false): each file used to import the app anew, half of
// Vitest's time. A file that swaps what a module or a global is (vi.mock, vi.doMock, vi.stubGlobal,
// vi.stubEnv, vi.resetModules) would change it for the files after it in the same worker: such a file runs in
// a project of its own, `<name>-isolated`, with its own modules, found here by reading the files.
const SWAPS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/;

function projects(name: string, include: string[], exclude: string[], test: TestProjectInlineConfiguration['test'] = {}): TestProjectInlineConfiguration[] {
  const files = include.flatMap((pattern) => globSync(pattern, { cwd: root, exclude }));
  const isolated = files.filter((file) => SWAPS.test(readFileSync(new URL(file, `file://${root}`), 'utf8'))).sort();
  const shared: TestProjectInlineConfiguration = { resolve: { alias }, test: { ...test, name, include, exclude: [...exclude, ...isolated], isolate: false } };
  if (isolated.length === 0) return [shared];
  return [shared, { resolve: { alias }, test: { ...test, name: `${name}-isolated`, include: isolated, isolate: true } }];
}

export default defineConfig({
  test: {
    projects: [
      // tests/*/: the harnesses' own tools (npm run fuzz, perf, bench, chaos); tests/e2e holds Playwright's *.spec.ts.
      ...projects('unit', ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'], ['src/server/**']),
      // API and database tests: they run once on SQLite and again on PostgreSQL (TEST_DATABASE_URL): `--project 'api*'`.
      // A `*.postgres.test.ts` file tests what only PostgreSQL has (several processes on one queue): there only.
      ...projects('api', ['src/server/**/*.test.ts'], process.env['TEST_DATABASE_URL'] ? [] : ['src/server/**/*.postgres.test.ts'], {
        // Limits for a hang, not speed checks: on the slowest 2-core machine seen, beside the end-to-end tests, the
        // longest of these tests took 13 s (src/server/testing/hang-limit.ts has the few that do thousands of things).
        testTimeout: 60_000, hookTimeout: 60_000,
        // Migrates and seeds one database per run, which each file copies (src/server/testing/test-db.ts).
        globalSetup: ['src/server/testing/global-setup.ts'],
      }),
    ],
  },
});
