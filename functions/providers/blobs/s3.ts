import type { S3Client } from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobStorePort } from './port.ts';

/**
 * Blobs in an S3 bucket (AWS): private objects, encrypted at rest by the bucket's default encryption. The S3 client
 * loads on the first blob operation (a side package beside the Lambda bundle, infra/constructs/side-assets.ts).
 */
export function s3BlobStore(options: { bucket: string; region: string; client?: S3Client }): BlobStorePort {
  let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      client: options.client ?? new sdk.S3Client({ region: options.region }),
      sdk,
    })));
  const Bucket = options.bucket;
  return {
    async put(key, bytes, contentType) {
      assertBlobKey(key);
      const { client, sdk } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      assertBlobKey(key);
      const { client, sdk } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return undefined;
        const bytes = Buffer.from(await res.Body.transformToByteArray());
        return { bytes, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
