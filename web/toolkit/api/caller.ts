// The generic API caller of seed 001 sections 7 and 8. Every call resolves (never rejects) to the result envelope
// `{ status, code, data, message?, error?, errors? }`, so screens handle one shape.
import type { Envelope, PagingQuery } from '../../../machines/contracts/envelope.ts';
import type { PagedResponse, UploadedFile } from '../../../machines/contracts/form-schema.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type CallResult<T = unknown> = Envelope<T>;
export type Payload = Record<string, unknown>;

/** Seed 001 section 9: request timeout. */
export const REQUEST_TIMEOUT_MS = 180_000;
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

export interface CallerOptions {
  /** Prefix of every path ('' by default: same origin). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where a `status: true` answer with code 301/302 sends the browser (default `window.location.assign`). */
  navigate?: (url: string) => void;
  fetch?: typeof fetch;
  /** Builds the XMLHttpRequest used by uploads (tests may pass a fake). */
  createXhr?: () => XMLHttpRequest;
  /** Language of the caller's own messages, or a getter read on every call. */
  lang?: Lang | (() => Lang);
  headers?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  /** Extra multipart fields sent next to `file`. */
  fields?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

// eslint-disable-next-line @typescript-eslint/consistent-indexed-object-style -- it extends PagingQuery, which a Record cannot
export interface PageQuery extends PagingQuery {
  [filter: string]: unknown;
}

export interface Caller {
  call<T = unknown>(method: HttpMethod, path: string, payload?: Payload, options?: CallOptions): Promise<CallResult<T>>;
  get<T = unknown>(path: string, payload?: Payload, options?: CallOptions): Promise<CallResult<T>>;
  post<T = unknown>(path: string, payload?: Payload, options?: CallOptions): Promise<CallResult<T>>;
  upload(path: string, file: Blob, options?: UploadOptions): Promise<CallResult<UploadedFile>>;
  fetchPage<T = Record<string, unknown>>(
    path: string,
    query: PageQuery,
    method?: HttpMethod,
    options?: CallOptions,
  ): Promise<CallResult<PagedResponse<T>>>;
}

/** Fills `{param}` placeholders from the payload; the used keys are removed from what is returned as `rest`. */
export function fillPath(path: string, payload: Payload = {}): { path: string; rest: Payload } {
  const rest: Payload = { ...payload };
  const filled = path.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in rest) || rest[key] === undefined || rest[key] === null) return whole;
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/** Query string of a payload: arrays repeat the key, objects are sent as JSON, null/undefined are left out. */
export function toQuery(payload: Payload): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    } else if (typeof value === 'object') {
      search.append(key, JSON.stringify(value));
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

export function withQuery(path: string, payload: Payload): string {
  const query = toQuery(payload);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || !document.cookie) return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failure<T>(code: number, message: string, errors?: unknown, data?: unknown): CallResult<T> {
  const result: CallResult<T> = { status: false, code, data: (data ?? null) as T, message, error: message };
  if (isRecord(errors)) result.errors = errors as Record<string, string[]>;
  return result;
}

/**
 * Turns an HTTP status and body text into the envelope (seed 001 section 8): a body with a status field is passed
 * on; status true with code 301/302 redirects to data; a body with a message becomes an error; a 500 (or any
 * failure) without a usable body is 'An invalid response was returned from the server.'.
 */
export function interpret<T>(
  httpStatus: number,
  text: string,
  navigate: (url: string) => void,
  lang: Lang,
): CallResult<T> {
  let body: unknown = undefined;
  let parsed = false;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (parsed && isRecord(body) && typeof body.status === 'boolean') {
    const code = typeof body.code === 'number' ? body.code : httpStatus;
    const result = { ...body, status: body.status, code, data: (body.data ?? null) as T } as CallResult<T>;
    if (result.status && (code === 301 || code === 302) && typeof result.data === 'string') navigate(result.data);
    return result;
  }
  if (parsed && isRecord(body) && typeof body.message === 'string' && body.message !== '') {
    return failure<T>(httpStatus >= 400 ? httpStatus : 500, body.message, body.errors, body.data);
  }
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (ok && (parsed || text.trim() === ''))
    return { status: true, code: httpStatus, data: (parsed ? body : null) as T };
  return failure<T>(httpStatus >= 300 ? httpStatus : 500, translate(lang, 'toolkit.caller.invalidResponse'));
}

function isAbort(error: unknown): boolean {
  return (
    (typeof DOMException !== 'undefined' &&
      error instanceof DOMException &&
      (error.name === 'AbortError' || error.name === 'TimeoutError')) ||
    (isRecord(error) && (error.name === 'AbortError' || error.name === 'TimeoutError'))
  );
}

/**
 * A page as the list reads it ({ data: rows, meta } in the result's data). Seed 001's paged response puts `meta` beside
 * `data` in the envelope itself ({ status, code, data: rows, meta }); both shapes are accepted.
 */
export function toPagedResult<T>(result: CallResult<unknown>): CallResult<PagedResponse<T>> {
  const envelope = result as CallResult<unknown> & { meta?: PagedResponse<T>['meta'] };
  if (result.status && Array.isArray(result.data) && envelope.meta) {
    return { ...result, data: { data: result.data as T[], meta: envelope.meta } };
  }
  return result as CallResult<PagedResponse<T>>;
}

export function createCaller(options: CallerOptions = {}): Caller {
  const baseUrl = options.baseUrl ?? '';
  const defaultTimeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const langOf = (): Lang => (typeof options.lang === 'function' ? options.lang() : (options.lang ?? 'en'));

  function headers(extra?: Record<string, string>, json = true): Record<string, string> {
    const result: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
      ...extra,
    };
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) result[CSRF_HEADER] = csrf;
    return result;
  }

  async function call<T>(
    method: HttpMethod,
    path: string,
    payload: Payload = {},
    callOptions: CallOptions = {},
  ): Promise<CallResult<T>> {
    const lang = langOf();
    const filled = fillPath(path, payload);
    const isGet = method === 'GET';
    const url = baseUrl + (isGet ? withQuery(filled.path, filled.rest) : filled.path);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), callOptions.timeoutMs ?? defaultTimeout);
    const onOuterAbort = () => controller.abort();
    if (callOptions.signal) {
      if (callOptions.signal.aborted) controller.abort();
      else callOptions.signal.addEventListener('abort', onOuterAbort, { once: true });
    }
    try {
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      const init: RequestInit = {
        method,
        credentials: 'include',
        redirect: 'manual',
        headers: headers(callOptions.headers, !isGet),
        signal: controller.signal,
      };
      if (!isGet) init.body = JSON.stringify(filled.rest);
      const response = await doFetch(url, init);
      const text = await response.text();
      const status = response.type === 'opaqueredirect' ? 302 : response.status;
      return interpret<T>(status, text, navigate, lang);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error))
        return failure<T>(408, translate(lang, 'toolkit.caller.timeout'));
      if (error instanceof TypeError) return failure<T>(500, translate(lang, 'toolkit.caller.network'));
      const message =
        error instanceof Error && error.message ? error.message : translate(lang, 'toolkit.caller.unknown');
      return failure<T>(500, message);
    } finally {
      clearTimeout(timeout);
      callOptions.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  function upload(path: string, file: Blob, uploadOptions: UploadOptions = {}): Promise<CallResult<UploadedFile>> {
    const lang = langOf();
    return new Promise((resolve) => {
      const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
      let settled = false;
      const done = (result: CallResult<UploadedFile>) => {
        if (settled) return;
        settled = true;
        uploadOptions.signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onAbort = () => xhr.abort();
      xhr.open('POST', baseUrl + path);
      xhr.withCredentials = true;
      xhr.timeout = uploadOptions.timeoutMs ?? defaultTimeout;
      for (const [key, value] of Object.entries(headers(undefined, false))) xhr.setRequestHeader(key, value);
      xhr.upload.onprogress = (event: ProgressEvent) => {
        if (event.lengthComputable && event.total > 0)
          uploadOptions.onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => done(interpret<UploadedFile>(xhr.status, xhr.responseText ?? '', navigate, lang));
      xhr.onerror = () => done(failure(500, translate(lang, 'toolkit.caller.network')));
      xhr.ontimeout = () => done(failure(408, translate(lang, 'toolkit.caller.timeout')));
      xhr.onabort = () => done(failure(408, translate(lang, 'toolkit.caller.timeout')));
      uploadOptions.signal?.addEventListener('abort', onAbort, { once: true });
      const form = new FormData();
      const name = typeof File !== 'undefined' && file instanceof File ? file.name : 'file';
      form.append('file', file, name);
      for (const [key, value] of Object.entries(uploadOptions.fields ?? {})) form.append(key, value);
      xhr.send(form);
    });
  }

  function fetchPage<T>(path: string, query: PageQuery, method: HttpMethod = 'GET', callOptions?: CallOptions) {
    const payload: Payload = { ...query, limit: query.limit, page: query.page };
    if (query.sortBy) {
      payload.sortBy = query.sortBy;
      payload.sortDesc = query.sortDesc ? 'true' : 'false';
    } else {
      delete payload.sortBy;
      delete payload.sortDesc;
    }
    return call<unknown>(method, path, payload, callOptions).then((result) => toPagedResult<T>(result));
  }

  return {
    call,
    get: (path, payload, callOptions) => call('GET', path, payload, callOptions),
    post: (path, payload, callOptions) => call('POST', path, payload, callOptions),
    upload,
    fetchPage,
  };
}

/** The caller used when a component is not given one (same origin, English messages). */
export const defaultCaller: Caller = createCaller();
