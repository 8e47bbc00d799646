import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { checkedKey, type ObjectStore } from './object-store.ts';

/** The S3_* settings (config.ts). Without keys the SDK's own chain is used (an instance role). */
export interface S3Settings {
  bucket: string;
  /** Another S3-compatible service's origin (MinIO, R2, a local test server); unset: AWS. */
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, as most self-hosted services need. */
  forcePathStyle: boolean;
}

const notFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Uploads in one S3-compatible bucket shared by every shop process. The bucket needs no public
 * access: the shop streams images to anyone and certificates to owners (decision 0044).
 */
export function createS3Store(settings: S3Settings): ObjectStore {
  // Loaded on first use: the SDK takes seconds to load on a busy machine, and a shop on disk, or
  // its command line, never loads it.
  let connection: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 requires them: several S3-compatible services refuse the
        // CRC32 trailers the SDK adds to every upload by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = settings.bucket;
  const location = `s3://${Bucket}/`;

  async function get(key: string) {
    const { sdk, client } = await connect();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  return {
    location,
    async check() {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(
          `S3_BUCKET ${Bucket} cannot be used at ${settings.endpoint ?? 'AWS'} (${reason}). ` +
            'Check the bucket exists and the keys may read and write it.',
          { cause: error },
        );
      }
    },
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async read(key) {
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    },
    async open(key) {
      const object = await get(key);
      if (!object?.Body) return undefined;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async size(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return head.ContentLength;
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    close() {
      void connection?.then(({ client }) => client.destroy());
    },
  };
}
