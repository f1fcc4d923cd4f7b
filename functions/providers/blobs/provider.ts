import { providerFactory } from '../wiring.ts';
import { localBlobStore } from './local.ts';
import { s3BlobStore } from './s3.ts';

/** File storage: an S3 bucket when BLOB_BUCKET is configured (AWS), else files under DATA_DIR/blobs (npm start). */
export const blobsProvider = providerFactory<'blobs'>((ctx) =>
  ctx.config.blobBucket
    ? s3BlobStore({ bucket: ctx.config.blobBucket, region: ctx.config.region })
    : localBlobStore(ctx.config.dataDir),
);
