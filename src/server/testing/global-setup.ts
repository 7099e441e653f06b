import type { TestProject } from 'vitest/node';
import { createTestDbTemplate } from './test-db.ts';

/**
 * Vitest's global setup of the `api` project: the run's migrated and seeded database, which each test file copies
 * (createTestDb), dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made = await createTestDbTemplate();
  project.provide('testDbTemplate', made?.template ?? null);
  return async () => {
    await made?.drop();
  };
}
