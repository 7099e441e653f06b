/**
 * The console session's cookie (set in src/lib/session/console.server.ts, `__Host-` prefixed over HTTPS).
 * The request gate (src/server/http/request-gate.ts) reads only whether a request carries it.
 */
export const CONSOLE_COOKIE = 'terrace_console';
