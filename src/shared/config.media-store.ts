import { z } from 'zod';

// The media store's settings (src/server/media/media.config.ts), part of the configuration checked at start
// (config.server.ts). Unset, the store is the folder MEDIA_DIR; MEDIA_STORE=s3://bucket[/prefix] puts every
// stored file in an S3-compatible bucket, which all the machines of one club share.

const optional = z.string().trim().optional().transform((v) => (v ? v : undefined));

/** S3's own rule for bucket names: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Folders under the bucket: plain names joined by slashes. */
const PREFIX = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export const mediaStoreSettings = {
  MEDIA_STORE: optional.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(v);
    const [, bucket = '', path = ''] = match ?? [];
    const prefix = path.replace(/\/+$/, '');
    if (!match || !BUCKET.test(bucket) || bucket.includes('..') || (prefix !== '' && !PREFIX.test(prefix))) {
      ctx.addIssue({ code: 'custom', message: 'must be s3://BUCKET or s3://BUCKET/FOLDER (a bucket name as S3 allows it), or unset for the folder MEDIA_DIR' });
      return z.NEVER;
    }
    return { bucket, prefix: prefix ? `${prefix}/` : '' };
  }),
  // Another S3-compatible server than Amazon's (MinIO, Ceph, Garage, R2…): its address.
  MEDIA_STORE_ENDPOINT: optional.pipe(z.string().refine((v) => /^https?:\/\/[^\s/?#]+\/?$/.test(v), {
    message: 'must be the http(s):// address of the S3 server, with no path',
  }).optional()),
  MEDIA_STORE_REGION: optional.pipe(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1 (or auto)').optional()),
  // Path-style addresses (host/bucket/key), which most servers other than Amazon's want: on by default with an endpoint.
  MEDIA_STORE_PATH_STYLE: z.enum(['on', 'off']).optional(),
  MEDIA_STORE_ACCESS_KEY_ID: optional,
  MEDIA_STORE_SECRET_ACCESS_KEY: optional,
};

type Parsed = z.infer<z.ZodObject<typeof mediaStoreSettings>>;

/** The settings as the server reads them, or the problems with them, each naming its variable. */
export function resolveMediaStore(parsed: Parsed, env: Record<string, string | undefined>): { problems: string[]; settings: Parsed & { MEDIA_STORE_REGION: string; MEDIA_STORE_PATH_STYLE: 'on' | 'off' } } {
  const problems: string[] = [];
  if (!parsed.MEDIA_STORE) {
    // A bucket's settings without the bucket would be silently ignored, and files would land in the folder.
    for (const name of ['MEDIA_STORE_ENDPOINT', 'MEDIA_STORE_REGION', 'MEDIA_STORE_PATH_STYLE', 'MEDIA_STORE_ACCESS_KEY_ID', 'MEDIA_STORE_SECRET_ACCESS_KEY'] as const) {
      if (parsed[name]) problems.push(`${name}: is read only with MEDIA_STORE=s3://… (unset, files are kept in MEDIA_DIR)`);
    }
  }
  if (!parsed.MEDIA_STORE_ACCESS_KEY_ID !== !parsed.MEDIA_STORE_SECRET_ACCESS_KEY) {
    problems.push('MEDIA_STORE_ACCESS_KEY_ID, MEDIA_STORE_SECRET_ACCESS_KEY: set both, or neither (the AWS_* variables or the machine\'s role are used then)');
  }
  if (parsed.MEDIA_STORE && !parsed.MEDIA_STORE_ACCESS_KEY_ID && !env['AWS_ACCESS_KEY_ID'] !== !env['AWS_SECRET_ACCESS_KEY']) {
    problems.push('AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both, or neither');
  }
  return {
    problems,
    settings: {
      ...parsed,
      MEDIA_STORE_REGION: parsed.MEDIA_STORE_REGION ?? (env['AWS_REGION']?.trim() || 'us-east-1'),
      MEDIA_STORE_PATH_STYLE: parsed.MEDIA_STORE_PATH_STYLE ?? (parsed.MEDIA_STORE_ENDPOINT ? 'on' : 'off'),
    },
  };
}
