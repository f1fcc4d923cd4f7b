import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertBlobKey, type BlobStorePort } from './port.ts';

/**
 * Blobs as files under `<dataDir>/blobs` (npm start): the bytes in `<key>`, the content type in `<key>.type`.
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a file.
 */
export function localBlobStore(dataDir: string): BlobStorePort {
  const root = resolve(dataDir, 'blobs');
  const pathOf = (key: string) => {
    assertBlobKey(key);
    const file = resolve(join(root, key));
    if (!file.startsWith(root + sep)) throw new Error('Invalid blob key');
    return file;
  };
  return {
    async put(key, bytes, contentType) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await writeFile(`${file}.type`, contentType);
      await rename(tmp, file);
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const bytes = await readFile(file);
        let contentType = 'application/octet-stream';
        try {
          contentType = (await readFile(`${file}.type`, 'utf8')).trim() || contentType;
        } catch {
          /* no type recorded */
        }
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}
