/** A stored object: its bytes and the content type it was stored with. */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/**
 * Generic file storage (uploads, resources library, mobile slide images). Keys are opaque paths made by the services
 * (`<purpose>/<id>`); the metadata (owner, original name, size) lives in DynamoDB, not here.
 */
export interface BlobStorePort {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such object. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys: segments of letters, digits, '-', '_' and '.', joined by '/', never '..'. Both adapters refuse others. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.'))
    throw new Error(`Invalid blob key: ${JSON.stringify(key).slice(0, 80)}`);
}
