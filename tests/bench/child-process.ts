import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

// A helper process of the benchmark (the database, the API): started with tsx, ready when its stdout shows `ready`
// (the first group is its address), stopped with SIGTERM. Its later stdout is kept for the bench (`output`).
//   BENCH_CHILD_NODE_ARGS="<flags>"  node flags for these processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
//   BENCH_CHILD_LOG=<path>           also write each process's stdout to <path>.<pid> (e.g. with `--trace-gc`)
export async function startChild(
  entry: string,
  args: string[],
  ready: RegExp,
): Promise<{ address: string; output: () => string; stop: () => Promise<void> }> {
  const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onStart = (chunk: Buffer) => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (!m) return;
      // Found: stop collecting here, so the start-up buffer does not grow beside `later` for the whole run.
      child.stdout.off('data', onStart);
      resolve(m[1]!);
    };
    child.stdout.on('data', onStart);
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  // Keep reading whatever it prints later, so that a full pipe never blocks it.
  let later = '';
  child.stdout.on('data', (chunk: Buffer) => (later += chunk.toString()));
  if (process.env.BENCH_CHILD_LOG) child.stdout.pipe(createWriteStream(`${process.env.BENCH_CHILD_LOG}.${child.pid}`));
  return {
    address,
    output: () => later,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
