import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localBlobStore } from '../../../functions/providers/blobs/local.ts';

describe('local blob store (files under DATA_DIR/blobs)', () => {
  it('puts, gets with the content type, deletes, and refuses keys outside its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blobs-'));
    const store = localBlobStore(dir);
    await store.put('signup-documents/fil-1', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(readdirSync(join(dir, 'blobs', 'signup-documents')).sort()).toEqual(['fil-1', 'fil-1.type']);
    const got = await store.get('signup-documents/fil-1');
    expect(got?.bytes.toString()).toBe('%PDF-1.4');
    expect(got?.contentType).toBe('application/pdf');
    // a second instance (a restart) reads the same file
    expect((await localBlobStore(dir).get('signup-documents/fil-1'))?.contentType).toBe('application/pdf');
    await store.delete('signup-documents/fil-1');
    expect(await store.get('signup-documents/fil-1')).toBeUndefined();
    await store.delete('signup-documents/fil-1');
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(store.get('/etc/passwd')).rejects.toThrow();
  });
});
