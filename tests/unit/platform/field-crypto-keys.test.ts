import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldCrypto, masterKeyProvider, type KeyProvider } from '../../../functions/platform/field-crypto.ts';

// The key work behind field encryption (KMS calls in AWS): a request's repeated blind index of the same value is
// computed once, concurrent first encryptions share one data key, and a request's copy shares the process's keys.

function counted() {
  const keys = masterKeyProvider(randomBytes(32));
  const calls = { mac: 0, generateDataKey: 0, unwrapDataKey: 0 };
  const provider: KeyProvider = {
    generateDataKey: async () => (calls.generateDataKey++, keys.generateDataKey()),
    unwrapDataKey: async (wrapped) => (calls.unwrapDataKey++, keys.unwrapDataKey(wrapped)),
    mac: async (message) => (calls.mac++, keys.mac(message)),
  };
  return { crypto: new FieldCrypto(provider), calls };
}

describe('field crypto key work', () => {
  it("computes a request's blind index of the same value once, and equal to the process's", async () => {
    const { crypto, calls } = counted();
    const request = crypto.forRequest();
    const [a, b] = await Promise.all([
      request.blindIndex('ssn', '212710042'),
      request.blindIndex('ssn', ' 212710042 '),
    ]);
    expect(a).toBe(b);
    expect(calls.mac).toBe(1);
    expect(await request.blindIndex('ssn', '212710043')).not.toBe(a);
    expect(calls.mac).toBe(2);
    // Another request, or the process's own object, asks again (nothing outlives a request).
    expect(await crypto.forRequest().blindIndex('ssn', '212710042')).toBe(a);
    expect(await crypto.blindIndex('ssn', '212710042')).toBe(a);
    expect(calls.mac).toBe(4);
  });

  it('does not remember a failed MAC', async () => {
    let fail = true;
    const keys = masterKeyProvider(randomBytes(32));
    const crypto = new FieldCrypto({
      ...keys,
      mac: async (m) => (fail ? Promise.reject(new Error('KMS throttled')) : keys.mac(m)),
    }).forRequest();
    await expect(crypto.blindIndex('ssn', '212710042')).rejects.toThrow('KMS throttled');
    fail = false;
    await expect(crypto.blindIndex('ssn', '212710042')).resolves.toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes one data key for concurrent first encryptions, shared with request copies', async () => {
    const { crypto, calls } = counted();
    const request = crypto.forRequest();
    const envelopes = await Promise.all([crypto.encrypt('a'), crypto.encrypt('b'), request.encrypt('c')]);
    expect(calls.generateDataKey).toBe(1);
    expect(new Set(envelopes.map((e) => e.split(':')[2])).size).toBe(1);
    expect(await Promise.all(envelopes.map((e) => crypto.decrypt(e)))).toEqual(['a', 'b', 'c']);
    expect(await request.decrypt(envelopes[0])).toBe('a');
    expect(calls.unwrapDataKey).toBe(0);
  });

  it('unwraps a data key once for concurrent reads of fields it sealed, in another process', async () => {
    const keys = masterKeyProvider(randomBytes(32));
    const writer = new FieldCrypto(keys);
    const envelopes = await Promise.all(['a', 'b', 'c', 'd'].map((v) => writer.encrypt(v)));
    let unwraps = 0;
    let fail = true;
    const reader = new FieldCrypto({
      ...keys,
      unwrapDataKey: async (w) => (unwraps++, fail ? Promise.reject(new Error('KMS down')) : keys.unwrapDataKey(w)),
    });
    await expect(reader.decrypt(envelopes[0]!)).rejects.toThrow('KMS down');
    fail = false;
    expect(await Promise.all(envelopes.map((e) => reader.forRequest().decrypt(e)))).toEqual(['a', 'b', 'c', 'd']);
    expect(unwraps).toBe(2);
  });

  it('tries again after a failed data key', async () => {
    let fail = true;
    const keys = masterKeyProvider(randomBytes(32));
    const crypto = new FieldCrypto({
      ...keys,
      generateDataKey: async () => (fail ? Promise.reject(new Error('KMS down')) : keys.generateDataKey()),
    });
    await expect(crypto.encrypt('x')).rejects.toThrow('KMS down');
    fail = false;
    expect(await crypto.decrypt(await crypto.encrypt('x'))).toBe('x');
  });
});
