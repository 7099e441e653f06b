/**
 * The time limit of the few API tests that do thousands of things in one test (the ledger's property test, the
 * hostile bodies of every operation, the crash test, the EXPLAIN of every statement): a limit for a hang, not a
 * speed check. `npm test` runs them beside the end-to-end tests on two cores, and machines of the same kind differ
 * by two times or more: on the slowest seen (28 November 2026) the ledger's 10,000 operations took 150 s on PostgreSQL
 * (45-51 s on an earlier machine), the hostile bodies 82 s and the crash test 40 s.
 */
export const HANG_LIMIT_MS = 600_000;
