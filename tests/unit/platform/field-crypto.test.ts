import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldCrypto, isEncrypted, masterKeyProvider } from '../../../functions/platform/field-crypto.ts';

const crypto = () => new FieldCrypto(masterKeyProvider(randomBytes(32)));

describe('field encryption of PII', () => {
  it('round-trips and never stores the plaintext', async () => {
    const c = crypto();
    const envelope = await c.encrypt('123-45-6789');
    expect(isEncrypted(envelope)).toBe(true);
    expect(envelope).not.toContain('6789');
    expect(await c.decrypt(envelope)).toBe('123-45-6789');
  });

  it('uses a fresh IV each time, so equal values do not look equal at rest', async () => {
    const c = crypto();
    expect(await c.encrypt('021000021')).not.toBe(await c.encrypt('021000021'));
  });

  it('detects tampering', async () => {
    const c = crypto();
    const parts = (await c.encrypt('secret')).split(':');
    parts[5] = Buffer.from('tampered').toString('base64url');
    await expect(c.decrypt(parts.join(':'))).rejects.toThrow();
  });

  it('cannot be decrypted with another master key', async () => {
    const envelope = await crypto().encrypt('secret');
    await expect(crypto().decrypt(envelope)).rejects.toThrow();
  });

  it('builds a deterministic blind index over normalised parts', async () => {
    const key = randomBytes(32);
    const a = new FieldCrypto(masterKeyProvider(key));
    const b = new FieldCrypto(masterKeyProvider(key));
    const x = await a.blindIndex('applicant', ' Smith ', '123456789', '1990-01-31');
    expect(x).toBe(await b.blindIndex('applicant', 'smith', '123456789', '1990-01-31'));
    expect(x).not.toBe(await a.blindIndex('applicant', 'smith', '123456780', '1990-01-31'));
    expect(x).not.toContain('123456789');
  });
});
