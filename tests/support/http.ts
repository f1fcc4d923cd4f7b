import type { Readable } from 'node:stream';

/** Reads a request or a response to its end, as UTF-8 text. */
export function readText(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

/** The text read as JSON, or `fallback` when it is not JSON (a page, a PDF, an empty answer). */
export function jsonOr<T>(text: string, fallback: T): any {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Keeps the cookies a response sets in `jar`, as a browser does: an empty or expired one is removed. */
export function keepCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const cookie of setCookies) {
    const [pair = '', ...attributes] = cookie.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
    else jar.set(name, value);
  }
}

/** The Cookie header a browser sends with the cookies in `jar`. */
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
