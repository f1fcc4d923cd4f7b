import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads the local master key from DATA_DIR/keys/master.key, creating it (mode 0600) on first use. */
export function loadOrCreateMasterKey(dataDir: string): Buffer {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'master.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}
