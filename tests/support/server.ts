import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
  process: ChildProcess;
}

const root = resolve(import.meta.dirname, '../..');

/** Starts the real `npm start` entry (without the web build) and waits until it prints its URLs. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; detached?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lto-it-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/local/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      DEMO_ADMIN_PASSWORD: 'admin-password-for-tests',
      DEMO_RETAILER_API_TOKEN: 'rt_test_token_for_integration_tests',
      SANDBOX_LATENCY: 'off',
      // The tests make their own records; demo lease records would only add noise.
      DEMO_LEASES: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group leader of its own: the crash suite kills the whole process group at once.
    detached: options.detached ?? false,
  });
  // A server outlives its test file only by mistake (a timed-out hook, a failed stop): it would keep its background
  // loops running on the CPU the later suites (the browser tests) need. The worker's exit takes it down.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const check = () => {
      const m = /Shopper portal:\s+(http:\/\/localhost:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    baseUrl,
    dataDir,
    output: () => out,
    process: child,
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop(child.exitCode);
        child.once('exit', (code) => resolveStop(code));
        child.kill('SIGINT');
      }),
  };
}
