import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { trustedProxies } from './addresses.ts';
import { mediaStoreSettings, resolveMediaStore } from './config.media-store.ts';

const optionalUrl = (protocols: string[]) =>
  z.string().trim().optional().transform((v) => (v ? v : undefined)).pipe(
    z.string().refine((v) => protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    }).optional(),
  );

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().default('file:./data/terrace.db').refine(
    (v) => v.startsWith('file:') || v.startsWith('postgres://') || v.startsWith('postgresql://'),
    { message: 'must be file:PATH (SQLite) or postgres://… (PostgreSQL)' },
  ),
  // PostgreSQL only: the connections this process's pool may open (the job queue shares them). Several processes
  // share the server's max_connections (100 by default): processes x DATABASE_POOL_SIZE must stay below it.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  // On SIGTERM, how long the server keeps serving while GET /api/ready says `draining`, before it stops listening:
  // a load balancer that polls readiness (HAProxy, a cloud balancer, Kubernetes) needs its interval times its
  // threshold to stop sending. 0 (the default) stops listening at once, which suits nginx (docs/operations.md).
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  MEDIA_DIR: z.string().min(1).default('./data/media'),
  // Or an S3-compatible bucket for the media (MEDIA_STORE=s3://…, with its MEDIA_STORE_* settings): config.media-store.ts.
  ...mediaStoreSettings,
  // Where the media store's files (sweepstake rules PDFs) are linked from: the app's own route, or a CDN
  // in front of it (an http(s) address, or a path on this site), without a trailing slash.
  MEDIA_BASE_URL: z.string().trim().default('/api/media').transform((v) => v.replace(/\/+$/, '')).pipe(
    z.string().refine((v) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v) || /^\/(?!\/)[^\s?#]*$/.test(v), {
      message: 'must be an http(s):// address or a path on this site such as /api/media, with no query',
    }),
  ),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_ORG_KEY: z.string().regex(/^pk_[A-Za-z0-9_]+$/, 'must look like pk_…').default('pk_demo_terrace'),
  API_ORIGIN: optionalUrl(['http://', 'https://']),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().min(3).default('Terrace <no-reply@localhost>'),
  // Product analytics (src/features/observe): on only with a key; events go to PUBLIC_POSTHOG_HOST, never through /api.
  PUBLIC_POSTHOG_KEY: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  PUBLIC_POSTHOG_HOST: optionalUrl(['http://', 'https://']),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http://', 'https://']),
  // Where carousel card icons outside the bundled set are looked up (GET {url}/{name}.svg); unset: the default icon.
  ICON_SERVICE_URL: optionalUrl(['http://', 'https://']),
  // The proxies (addresses, CIDR ranges) in front of the app whose X-Forwarded-For tells the client's address
  // (src/server/http/client-address.ts); none by default: the socket's peer is the client.
  TRUSTED_PROXIES: z.string().default('').transform((v, ctx) => {
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
    try {
      trustedProxies(entries);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
    return entries;
  }),
  // Sign-in codes one client (src/server/auth/client-key.ts) may ask for in 15 minutes (and twice as many tries): a club whose
  // supporters share one public address on match day raises it; the end-to-end suite, all from 127.0.0.1, does too.
  SIGN_IN_CODES_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  // Signed-in pages kept in memory per supporter (src/server/http/kept-pages/); `off` renders every
  // request (to compare, or to rule the cache out). Always off with API_ORIGIN.
  KEPT_PAGES: z.enum(['on', 'off']).default('on'),
  // Gone: one shared token stood for every operator. A server still given it stops and says what replaced it.
  ADMIN_TOKEN: z.string().trim().optional().refine((v) => !v, 'is no longer read: staff sign in at /admin, and automation uses '
    + 'an API key (an owner makes one in the console, or: npm run operator -- key NAME --role ROLE)').transform(() => undefined),
  // GET /metrics (Prometheus) answers only this bearer; unset, /metrics is an unknown page (404).
  METRICS_TOKEN: z.string().trim().optional().transform((v) => (v ? v : undefined))
    .pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Sign-in with the club's own identity provider over OpenID Connect (src/server/session/provider.*): the
  // issuer's address (its /.well-known/openid-configuration is read at the first sign-in) and this app's
  // client there. All three or none.
  OIDC_ISSUER: optionalUrl(['http://', 'https://']),
  OIDC_CLIENT_ID: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  OIDC_CLIENT_SECRET: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  // The e-mailed code sign-in; `off` (only with OIDC_ISSUER) leaves the identity provider as the one way in.
  EMAIL_SIGN_IN: z.enum(['on', 'off']).default('on'),
  // For tests: how often the retention purge runs (src/server/jobs/scheduled.ts), once across processes; hourly
  // unless set. The end-to-end suite sets it to watch two processes share the purge (tests/e2e/server.spec.ts).
  RETENTION_PURGE_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
});

export type Config = z.infer<typeof schema> & {
  APP_SECRET: string; PUBLIC_URL: string; MEDIA_STORE_REGION: string; MEDIA_STORE_PATH_STYLE: 'on' | 'off';
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: is required in production');
  }
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    // Behind a proxy the app cannot know the address browsers use; cookies and the origin check need it.
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: is required in production (the https://… address supporters use)');
  }
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: is required in production');
  }
  checkProviderSettings(config);
  const media = resolveMediaStore(config, env);
  if (media.problems.length > 0) throw new ConfigError(`Invalid configuration:\n${media.problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    ...config,
    ...media.settings,
    APP_SECRET: config.APP_SECRET ?? developmentSecret(config.DATABASE_URL),
    // Links in e-mails use this origin, never one taken from a request's Host header.
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
  };
}

function checkProviderSettings(config: z.infer<typeof schema>): void {
  const given = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => config[name]);
  if (given.length > 0 && given.length < 3) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three, or none');
  }
  if (config.EMAIL_SIGN_IN === 'off' && !config.OIDC_ISSUER) {
    // Nobody could sign in at all.
    throw new ConfigError('Invalid configuration:\n  EMAIL_SIGN_IN: may be off only with OIDC_ISSUER set');
  }
  if (config.NODE_ENV === 'production' && config.OIDC_ISSUER?.startsWith('http://')) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER: must be https:// in production');
  }
}

/** In development the secret is generated once and kept beside the data, so sessions survive restarts. */
function developmentSecret(databaseUrl: string): string {
  const folder = databaseUrl.startsWith('file:') ? dirname(resolve(databaseUrl.slice(5))) : resolve('data');
  const file = resolve(folder, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(folder, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
