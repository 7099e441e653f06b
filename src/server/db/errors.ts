/** True for a unique-constraint violation, on SQLite and on PostgreSQL; with `table`, only of that table's. */
export function isUniqueViolation(error: unknown, table?: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, table: violated } = error as { code?: unknown; message?: unknown; table?: unknown };
  if (code === '23505') return table === undefined || violated === table;
  // SQLite names the columns: "UNIQUE constraint failed: idempotency_keys.scope, idempotency_keys.key".
  return typeof message === 'string' && message.includes('UNIQUE constraint failed')
    && (table === undefined || message.includes(` ${table}.`));
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
