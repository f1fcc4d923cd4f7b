import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The bench's database in a process of its own. In AWS the table is a remote service: run in the bench's process,
// dynalite's LevelDB work would share the event loop with the handlers and be charged to "server-side" latency.
// BENCH_DYNALITE=inprocess keeps the old arrangement (one process for client, server and database).

const entry = fileURLToPath(new URL('./dynalite-server.ts', import.meta.url));

export async function startDynaliteProcess(dataDir: string): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /^endpoint (\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`dynalite process exited with ${code}`)));
  });
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
