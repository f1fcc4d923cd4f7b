import { describe, expect, it } from 'vitest';
import { loopbackAliasOf } from '../../../functions/platform/config.ts';

// The public URL a local caller gets in links: the loopback name it used, never a Host header from elsewhere, and
// never anything but the configured URL in production.
describe('loopbackAliasOf', () => {
  const local = { publicUrl: 'http://localhost:3000', production: false };

  it('follows another loopback name of the same port', () => {
    expect(loopbackAliasOf(local, '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(loopbackAliasOf(local, '[::1]:3000')).toBe('http://[::1]:3000');
    expect(loopbackAliasOf({ ...local, publicUrl: 'http://127.0.0.1:3000' }, 'localhost:3000')).toBe(
      'http://localhost:3000',
    );
  });

  it('keeps the configured URL for its own name, other hosts, other ports and odd Host headers', () => {
    for (const host of [
      'localhost:3000',
      'evil.example',
      'evil.example:3000',
      '127.0.0.1:3001',
      '127.0.0.1',
      'user@127.0.0.1:3000',
      '127.0.0.1:3000/path',
      '',
      undefined,
    ])
      expect(loopbackAliasOf(local, host), String(host)).toBeUndefined();
  });

  it('never follows the Host header in production or for a public URL that is not loopback', () => {
    expect(loopbackAliasOf({ ...local, production: true }, '127.0.0.1:3000')).toBeUndefined();
    expect(loopbackAliasOf({ publicUrl: 'https://lease.example.com', production: false }, '127.0.0.1')).toBeUndefined();
  });
});
