import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The API in a process of its own (tests/bench/api-server.ts), for the decision's server-side latency.
const entry = fileURLToPath(new URL('./api-server.ts', import.meta.url));

export async function startApiProcess(options: { endpoint: string; dataDir: string; tableName: string }): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, options.endpoint, options.dataDir, options.tableName], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /^url (\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
  });
  child.stdout!.resume();
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
