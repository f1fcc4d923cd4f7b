import { inject } from 'vitest';

export interface ApiResponse<T = any> {
  status: number;
  body: { status: boolean; code: number; data: T; message?: string; errors?: Record<string, string[]> };
  headers: Headers;
}

export const baseUrl = () => inject('baseUrl');

export async function api<T = any>(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(baseUrl() + path, {
    method,
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: ApiResponse<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { status: false, code: res.status, data: text as unknown as T };
  }
  return { status: res.status, body, headers: res.headers };
}

/** Starts an apply session at a store and returns the headers every shopper call carries. */
export async function applySession(retailer = 'demo-electronics', store = 'main-street') {
  const clientId = `it-${Math.random().toString(36).slice(2, 12)}`;
  const res = await api('POST', `/apply-v2/retailer/${retailer}/store/${store}/initiate`, { body: {}, headers: { 'x-client-id': clientId } });
  if (res.status !== 200) throw new Error(`initiate failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { 'x-apply-token': res.body.data.token as string, 'x-client-id': clientId, store: res.body.data.store };
}
