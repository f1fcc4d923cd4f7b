import type { Envelope } from '../../machines/contracts/envelope.ts';
import type { HttpResult } from './http-types.ts';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json<T>(statusCode: number, envelope: Envelope<T>, extra?: Partial<HttpResult>): HttpResult {
  return {
    statusCode,
    ...extra,
    headers: { ...jsonHeaders, ...(extra?.headers ?? {}) },
    body: JSON.stringify(envelope),
  };
}

export function ok<T>(data: T, message?: string, extra?: Partial<HttpResult>): HttpResult {
  return json(200, { status: true, code: 200, data, ...(message ? { message } : {}) }, extra);
}

export function created<T>(data: T, message?: string): HttpResult {
  return json(201, { status: true, code: 201, data, ...(message ? { message } : {}) });
}

export function html(statusCode: number, body: string, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body };
}

export function redirect(location: string, statusCode = 302): HttpResult {
  return { statusCode, headers: { location, 'cache-control': 'no-store' } };
}

/** The headers of a file download: the browser saves it under `name`; nothing cached, its type not sniffed. */
export const downloadHeaders = (contentType: string, name: string): Record<string, string> => ({
  'content-type': contentType,
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
});

/** A file download: text (CSV) as it is, bytes base64-encoded (the gateway decodes them). */
export function download(contentType: string, name: string, body: string | Uint8Array): HttpResult {
  const headers = downloadHeaders(contentType, name);
  if (typeof body === 'string') return { statusCode: 200, headers, body };
  return { statusCode: 200, headers, body: Buffer.from(body).toString('base64'), isBase64Encoded: true };
}
