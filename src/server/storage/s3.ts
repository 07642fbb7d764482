import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { requireLazily } from '../lazy-module.js';
import { UPLOADS_URL_PREFIX, isSafeKey, keyFromUploadsUrl, type Storage } from './storage.js';

export interface S3Config {
  /** `https://ACCESS_KEY:SECRET@endpoint[:port]`; the credentials may come from AWS_* variables instead. */
  url: string;
  bucket: string;
  region: string;
}

/** S3_URL, S3_BUCKET and S3_REGION; null when S3_URL is not set (uploads then live in DATA_DIR). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  if (!env.S3_URL) return null;
  if (!env.S3_BUCKET) throw new Error('S3_URL está definido mas falta S3_BUCKET (o nome do bucket).');
  return { url: env.S3_URL, bucket: env.S3_BUCKET, region: env.S3_REGION ?? 'us-east-1' };
}

/**
 * Uploads in an S3-compatible bucket, so several app instances share them. Objects keep the same keys
 * and public URLs (`/uploads/<key>`) as on local disk: logos are served by the app from the bucket,
 * evidence only through its authorised route.
 */
export function s3Storage(config: S3Config): Storage & { client: S3Client } {
  const endpoint = new URL(config.url);
  const credentials = endpoint.username
    ? { accessKeyId: decodeURIComponent(endpoint.username), secretAccessKey: decodeURIComponent(endpoint.password) }
    : undefined;
  endpoint.username = '';
  endpoint.password = '';
  // The SDK (~20 MB) is loaded only by a server configured with S3_URL.
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client: Client, S3ServiceException } = requireLazily('@aws-sdk/client-s3') as typeof S3;
  const client = new Client({
    region: config.region,
    endpoint: endpoint.toString().replace(/\/$/, ''),
    forcePathStyle: true,
    ...(credentials ? { credentials } : {}),
  });
  const check = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  };
  return {
    client,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: check(key), Body: bytes }));
      return UPLOADS_URL_PREFIX + key;
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: check(key) }));
        return res.Body ? await res.Body.transformToByteArray() : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: check(key) }));
    },
    keyFromUrl: keyFromUploadsUrl,
  };
}
