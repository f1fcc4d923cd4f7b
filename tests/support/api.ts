import { inject } from 'vitest';
import { OpenApiValidator } from './openapi.ts';
import { jsonOr } from './http.ts';

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
  const body: ApiResponse<T>['body'] = jsonOr(text, { status: false, code: res.status, data: text });
  if (path.startsWith(RETAILER_API)) await checkRetailerAnswer(method, path, res, text.length ? body : undefined);
  return { status: res.status, body, headers: res.headers };
}

// Every answer of the retailer API in the integration tests is checked against its OpenAPI document (as served by
// the server under test, fetched once per test file): an answer the document does not describe fails the test.
const RETAILER_API = '/retailer/v1/';
let retailerApiDocument: Promise<OpenApiValidator> | undefined;

export function retailerApiValidator(): Promise<OpenApiValidator> {
  retailerApiDocument ??= fetch(`${baseUrl()}/retailer/v1/openapi.json`).then(async (res) => {
    if (res.status !== 200)
      throw new Error(`GET /retailer/v1/openapi.json answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    return new OpenApiValidator((await res.json()) as Record<string, unknown>);
  });
  return retailerApiDocument;
}

async function checkRetailerAnswer(method: string, path: string, res: Response, body: unknown) {
  const validator = await retailerApiValidator();
  // A method or path the API does not have is a 404 of the router, not an answer of the API.
  if (res.status === 404 && !validator.hasOperation(method, path)) return;
  validator.assert({ method, path, status: res.status, headers: res.headers, body });
}

/** Starts an apply session at a store and returns the headers every shopper call carries. */
export async function applySession(retailer = 'demo-electronics', store = 'main-street') {
  const clientId = `it-${Math.random().toString(36).slice(2, 12)}`;
  const res = await api('POST', `/apply-v2/retailer/${retailer}/store/${store}/initiate`, {
    body: {},
    headers: { 'x-client-id': clientId },
  });
  if (res.status !== 200) throw new Error(`initiate failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { 'x-apply-token': res.body.data.token as string, 'x-client-id': clientId, store: res.body.data.store };
}
