import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The web app is rebuilt only when its sources changed: a fingerprint of every source file's path, size and
// modification time is kept next to the build output.
const SOURCES = ['web', 'machines', 'vite.config.ts', 'package-lock.json'];

function walk(path: string, out: string[]) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    out.push(`${path}:${stat.size}:${stat.mtimeMs}`);
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    walk(join(path, entry), out);
  }
}

export function sourceFingerprint(root: string): string {
  const lines: string[] = [];
  for (const source of SOURCES) walk(join(root, source), lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

export function buildWebIfChanged(root: string, log: (line: string) => void): 'built' | 'fresh' {
  const dist = join(root, 'dist');
  const stamp = join(dist, '.build-fingerprint');
  const fingerprint = sourceFingerprint(root);
  if (existsSync(stamp) && existsSync(join(dist, 'index.html')) && readFileSync(stamp, 'utf8') === fingerprint)
    return 'fresh';
  log('Building the web app (its sources changed)…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Always the production build: a server started from a test runner inherits NODE_ENV=test, and with it vite
      // would bundle React's development build (StrictMode's double effects, double requests) under the fresh stamp
      // that every later server reuses.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('The web build failed; see the messages above.');
  writeFileSync(stamp, fingerprint);
  return 'built';
}
