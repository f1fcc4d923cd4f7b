import { navigate } from 'wouter/use-hash-location';
import type { Envelope } from '../../machines/contracts/envelope.ts';
import { getSession } from './apply-session.ts';
import { startEarlyRead, takeEarlyRead, untilAborted } from './early-reads.ts';
import { EnvelopeError, notAnEnvelope, readEnvelope, refusal } from './envelope-error.ts';
import { sessionStore } from './safe-storage.ts';

// The shopper's fetch wrapper: same-origin JSON calls carrying X-Apply-Token (when a session exists) and X-Client-Id,
// answering the envelope `{ status, code, data, message?, errors? }`. Failures throw an ApiError; a 403 also sends the
// shopper to the Permission Denied page (seed 000 section 6).

export const CLIENT_ID_KEY = 'lto.clientId';

export class ApiError extends EnvelopeError {
  override name = 'ApiError';
}

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The client id: `client_id` from the query when given, else the one generated earlier in this tab, else a new uuid. */
export function clientId(): string {
  const fromQuery = new URLSearchParams(location.search).get('client_id');
  const stored = sessionStore().getItem(CLIENT_ID_KEY);
  const id = fromQuery?.trim() || stored || uuid();
  if (id !== stored) sessionStore().setItem(CLIENT_ID_KEY, id);
  return id;
}

export interface ApiOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** A token to send instead of the session's one. */
  token?: string;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: ApiOptions = {},
): Promise<Envelope<T>> {
  if (method === 'GET' && options.query === undefined && options.token === undefined) {
    const early = takeEarlyRead<T>(path, getSession()?.token);
    if (early) return untilAborted(early, options.signal);
  }
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Client-Id': clientId() };
  const token = options.token ?? getSession()?.token;
  if (token) headers['X-Apply-Token'] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'error.network');
  }

  const envelope = await readEnvelope<T>(response);
  if (envelope && response.ok && envelope.status) return envelope;
  if (response.status === 403) navigate('/403');
  if (!envelope) throw new ApiError(...notAnEnvelope(response));
  throw new ApiError(...refusal(response, envelope));
}

/**
 * A GET of `path` started now with the session's token, answered to the next `uses` calls of `api('GET', path)` made
 * within a few seconds with that token (web/lib/early-reads.ts).
 */
export function readEarly(path: string, uses = 1): void {
  startEarlyRead(path, getSession()?.token, uses, () => api('GET', path));
}
