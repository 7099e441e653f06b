import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkedName, contentTypeOf, type ByteRange, type MediaStore } from './media.store.ts';

export interface S3Settings {
  bucket: string;
  /** Put before every name: '' or a folder ending in '/', so one bucket can hold several clubs' files. */
  prefix: string;
  region: string;
  /** Another S3-compatible server (MinIO, Ceph, R2, …); undefined: Amazon S3 itself. */
  endpoint: string | undefined;
  /** https://host/bucket/key rather than https://bucket.host/key, as most servers other than AWS want. */
  pathStyle: boolean;
  /** undefined: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/** Every stored name is its content's hash, so a file never changes: browsers and CDNs may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Each clip being watched holds one connection to the bucket while it streams: the SDK's default of 50 is too few. */
const MAX_SOCKETS = 500;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The media store as an S3-compatible bucket (MEDIA_STORE=s3://bucket/prefix), shared by every machine. A
 * PutObject is atomic (an object is there whole or not at all), and reads stream from GetObject, a range
 * asked of the bucket itself. The SDK is loaded at the first call, so a server on a folder never loads it.
 */
export function s3MediaStore(settings: S3Settings): MediaStore {
  const { bucket, prefix } = settings;
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: the newer default (a CRC32 trailer on every upload) is refused
      // by many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS }, httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS } },
    }),
  })));
  const key = (name: string) => `${prefix}${checkedName(name)}`;

  async function put(name: string, body: Uint8Array | Readable, length: number): Promise<void> {
    const { sdk, client } = await connect();
    await client.send(new sdk.PutObjectCommand({
      Bucket: bucket, Key: key(name), Body: body, ContentLength: length,
      ContentType: contentTypeOf(name), CacheControl: IMMUTABLE,
    }));
  }

  return {
    where: `s3://${bucket}/${prefix}`,
    async size(name) {
      const { sdk, client } = await connect();
      try {
        return (await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key(name) }))).ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async read(name, range?: ByteRange) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({
          Bucket: bucket, Key: key(name), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }));
        return object.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    write: (name, bytes) => put(name, bytes, bytes.byteLength),
    async writeFile(name, path) {
      const { size } = await stat(path);
      await put(name, createReadStream(path), size);
    },
    async remove(name) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
    },
  };
}
