import pino from 'pino';
import { SECRET_HEADERS } from '../shared/secret-headers.ts';
import { requestContext } from '../shared/request-context.server.ts';

/**
 * The server's one logger: JSON lines on stdout for operators. Redaction is configuration, not
 * discipline: a credential header, any request or response body, an e-mail address or a database
 * error's detail (which quotes the offending values) is replaced wherever a caller puts it.
 */
const headerPaths = SECRET_HEADERS.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]);
const REDACT_PATHS = [
  ...headerPaths,
  'body', '*.body', 'email', '*.email', 'code', '*.code_value', 'token', '*.token',
  'discourseSecret', '*.discourseSecret', 'secret', '*.secret',
  'err.detail', 'err.parameters', 'err.where', 'cause.detail',
];

export function createLogger(destination?: pino.DestinationStream) {
  return pino(
    {
      level: process.env['LOG_LEVEL'] ?? (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info'),
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;

export const log = createLogger();

/** The request being answered, if any: a page's failed API call is found beside the page's own line. */
const underRequest = (data?: object) => {
  const requestId = requestContext.getStore()?.requestId;
  return requestId ? { requestId, ...data } : data ?? {};
};

/** The Console-shaped view of the logger that shared (browser and server) code takes. */
export const consoleLog = {
  error: (message: string, data?: object) => log.error(underRequest(data), message),
  warn: (message: string, data?: object) => log.warn(underRequest(data), message),
  info: (message: string, data?: object) => log.info(underRequest(data), message),
};
