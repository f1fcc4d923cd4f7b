import { sign } from '../../../functions/platform/signatures.ts';
import { baseUrl } from '../../support/api.ts';

/** Submits a sandbox page form as a browser would (application/x-www-form-urlencoded) and returns status and HTML. */
export async function submitForm(path: string, fields: [string, string][]) {
  const res = await fetch(baseUrl() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

export async function getPage(path: string) {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/** Posts a callback to one of our webhook endpoints, signed like the sandbox vendor signs it. */
export async function postCallback(
  vendor: string,
  body: unknown,
  options: { secret: string; timestamp?: number; raw?: string; signature?: string | null },
) {
  const raw = options.raw ?? JSON.stringify(body);
  const t = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signature !== null) headers['x-signature'] = options.signature ?? sign(options.secret, raw, t);
  const res = await fetch(`${baseUrl()}/webhooks/${vendor}`, { method: 'POST', headers, body: raw });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as { status: boolean; message?: string; data: any } };
}

export const uniqueId = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
