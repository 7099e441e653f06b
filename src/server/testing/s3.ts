import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver checks signatures against this one pair; any other is refused, as a real server would. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  /** http://127.0.0.1:PORT, for MEDIA_STORE_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** Every object's key, listed by a client of its own (the store under test has no listing). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, over HTTP, keeping objects in a temporary folder) with one bucket:
 * the media store's bucket in tests, started in this process on `port` (0: a free one).
 */
export async function startTestS3(port = 0, bucket = 'terrace-media'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'terrace-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }],
    // Path-style addresses only (http://127.0.0.1:PORT/bucket/key), as MEDIA_STORE_ENDPOINT makes them.
    vhostBuckets: false,
  });
  const address = await s3.run() as AddressInfo;
  const server = (s3 as unknown as { httpServer: Server }).httpServer;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  return {
    endpoint,
    bucket,
    async keys() {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...(token ? { ContinuationToken: token } : {}) }));
        found.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return found.sort();
    },
    async close() {
      // Streams a test left open (a range it did not read to the end) would hold close() for ever.
      client.destroy();
      server.closeAllConnections();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
