/** True for a unique-constraint violation, on SQLite and on PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/**
 * Runs a write transaction once more when it lost a race to a parallel one (a unique constraint refused
 * its row): the second run finds the winner's rows and answers as the replay it is. Any other error stands.
 */
export async function retryOnceIfRaceLost<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return run();
  }
}
