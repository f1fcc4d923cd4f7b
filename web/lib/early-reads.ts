import type { Envelope } from '../../machines/contracts/envelope.ts';

// Reads a page starts before the code that makes them has arrived (the application page: its session and its
// store, asked for while the page's code loads), so that code finds the answer on its way instead of asking once it
// has loaded (issue 24 point 4). An answer is handed out only a given number of times, within a few seconds of the
// read, and only to a caller with the same apply token; anything else reads afresh.

/** An early answer older than this is not handed out: the caller reads afresh. */
export const EARLY_READ_TTL_MS = 3_000;

interface EarlyRead {
  at: number;
  token: string | undefined;
  uses: number;
  answer: Promise<Envelope<unknown>>;
}

const reads = new Map<string, EarlyRead>();

/** Starts a GET of `path` now, for the next `uses` callers of `takeEarlyRead` with the same token. */
export function startEarlyRead(
  path: string,
  token: string | undefined,
  uses: number,
  read: () => Promise<Envelope<unknown>>,
): void {
  reads.delete(path);
  const answer = read();
  answer.catch(() => undefined); // a failure is the taker's to handle (or nobody's, when nobody takes it)
  reads.set(path, { at: Date.now(), token, uses, answer });
}

/** The early answer for a GET of `path` with `token`, if one is fresh and has uses left; null otherwise. */
export function takeEarlyRead<T>(path: string, token: string | undefined): Promise<Envelope<T>> | null {
  const read = reads.get(path);
  if (!read) return null;
  if (read.token !== token || Date.now() - read.at > EARLY_READ_TTL_MS) {
    reads.delete(path);
    return null;
  }
  read.uses -= 1;
  if (read.uses <= 0) reads.delete(path);
  return read.answer as Promise<Envelope<T>>;
}

/** The answer, or an AbortError as soon as `signal` aborts (the early read itself is shared and goes on). */
export function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(new DOMException('The read was aborted.', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The read was aborted.', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
