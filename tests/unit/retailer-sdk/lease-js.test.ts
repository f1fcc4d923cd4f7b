import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LEASE_D_TS, LEASE_JS } from '../../../functions/http/assets/lease-js.ts';

// The drop-in runs in the browser (tests/e2e/retailer-drop-in.spec.ts); here: it parses as a classic script, stays
// small, and its declarations type-check a retailer's usage (and reject a misuse).
const tsc = resolve(import.meta.dirname, '../../../node_modules/.bin/tsc');

function typecheck(usage: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lease-dts-'));
  writeFileSync(join(dir, 'lease.d.ts'), LEASE_D_TS);
  writeFileSync(join(dir, 'shop.ts'), usage);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2020',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2020', 'dom'],
        types: [],
      },
      files: ['lease.d.ts', 'shop.ts'],
    }),
  );
  try {
    execFileSync(tsc, ['-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('lease.js', () => {
  it('is a small classic script with no imports', () => {
    expect(() => new Script(LEASE_JS)).not.toThrow();
    expect(LEASE_JS).not.toMatch(/\bimport\s*\(|^\s*import\s/m);
    expect(Buffer.byteLength(LEASE_JS)).toBeLessThan(12_000);
  });

  it('declares typed callbacks a retailer can use, and rejects a misuse', () => {
    const good = `
import type { LeaseCheckout } from './lease';
declare const checkout: LeaseCheckout;
const handle = LeaseToOwn.open(checkout, {
  mode: 'modal',
  onApproved: (m) => { const s: string | number | boolean | null = m.status; void s; },
  onDenied: (m) => void m.checkout_id,
  onFallback: (info) => { const r: 'frame-blocked' | 'frame-timeout' | 'popup-blocked' = info.reason; void r; },
});
handle.minimize();
handle.send('result', { order: 1 });
`;
    expect(typecheck(good)).toBe('');
    const bad = `LeaseToOwn.open({ checkout_id: 'chk_1', url: 'x' }, { mode: 'sideways', onApproved: (m: number) => m });\n`;
    expect(typecheck(bad)).toMatch(/error TS/);
  }, 60_000);
});
