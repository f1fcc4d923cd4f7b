import { describe, expect, it } from 'vitest';
import { sign, verifySignature } from '../../../functions/platform/signatures.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"checkout.completed"}';

  it('accepts its own signature within the tolerance', () => {
    expect(verifySignature(secret, body, sign(secret, body, 1000), 1100)).toEqual({ ok: true, timestamp: 1000 });
  });

  it('refuses a changed body, another secret, a stale timestamp, and junk', () => {
    const header = sign(secret, body, 1000);
    expect(verifySignature(secret, body + ' ', header, 1000)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature('other', body, header, 1000)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(secret, body, header, 1000 + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(verifySignature(secret, body, undefined, 1000)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature(secret, body, 't=abc,v1=zz', 1000)).toEqual({ ok: false, reason: 'malformed' });
  });
});
