import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../functions/platform/passwords.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password only, and salts each hash', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('Correct horse battery staple', a)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });
});
