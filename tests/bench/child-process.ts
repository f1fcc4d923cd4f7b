import { spawn } from 'node:child_process';

// A helper process of the benchmark (the database, the API): started with tsx, ready when its stdout shows `ready`
// (the first group is its address), stopped with SIGTERM.
export async function startChild(
  entry: string,
  args: string[],
  ready: RegExp,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = ready.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  // Keep reading whatever it prints later, so that a full pipe never blocks it.
  child.stdout.resume();
  return {
    address,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
