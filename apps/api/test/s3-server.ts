import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/s3-store.ts';

export interface S3Server {
  /** The shop's S3_* settings for this server's bucket. */
  settings: S3Settings;
  /** `http://127.0.0.1:<port>`: the endpoint, as anyone on the network would reach it. */
  endpoint: string;
  /** Every key in the bucket under a prefix, read with the SDK (what an operator would see). */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver's fixed keys: it checks signatures made with them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A local S3-compatible server (s3rver, in this process) on a free loopback port, with one empty
 * bucket, its objects in a temporary folder that is removed on stop.
 */
export async function startS3Server(bucket = 'larder-test'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'larder-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    settings,
    endpoint,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
