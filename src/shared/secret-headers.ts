/**
 * Headers that carry a credential or a replayable key. They never reach a log: the API client drops
 * them from what it logs, and the server's logger redacts them wherever they appear.
 */
export const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-org-token', 'idempotency-key'] as const;

const SECRET = new Set<string>(SECRET_HEADERS);

/** A plain object of the headers, the secret ones replaced by `[redacted]`. */
export function loggableHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET.has(name.toLowerCase()) ? '[redacted]' : value;
  });
  return out;
}
