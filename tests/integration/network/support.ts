import { request } from 'node:http';
import { inject } from 'vitest';
import { jsonOr, readText } from '../../support/http.ts';

// The merchant network's public calls, each from its own loopback address (127.x.y.z all reach this machine), so
// that the per-address rate limits of the sign-up do not couple the tests.

export interface RawResponse {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

let next = Math.floor(Math.random() * 200) * 250;
export const freshIp = () => {
  next += 1;
  return `127.${10 + ((next >> 16) & 0x7f)}.${(next >> 8) & 0xff}.${next & 0xff || 1}`;
};

export function raw(
  method: string,
  path: string,
  options: { body?: Buffer | string; headers?: Record<string, string>; ip?: string } = {},
): Promise<RawResponse> {
  const base = new URL(inject('baseUrl'));
  const body =
    options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(base.port),
        path,
        method,
        localAddress: options.ip ?? freshIp(),
        headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...(options.headers ?? {}) },
      },
      (res) => {
        readText(res).then(
          (text) => resolve({ status: res.statusCode ?? 0, body: jsonOr(text, text), headers: res.headers }),
          reject,
        );
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

export const postJson = (path: string, body: unknown, ip?: string, headers: Record<string, string> = {}) =>
  raw('POST', path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers }, ip });

/** A multipart body with one `file` field (and extra text fields), as the toolkit's upload sends it. */
export async function multipart(
  file: { name: string; bytes: Uint8Array; type?: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n% test document\n'),
  Buffer.alloc(2000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

export async function newDraft(ip = freshIp()): Promise<string> {
  const res = await postJson('/public/signup/draft', {}, ip);
  if (res.status !== 200) throw new Error(`draft: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.draft;
}

export async function uploadDocument(
  draft: string,
  file: { name: string; bytes: Uint8Array; type?: string } = {
    name: 'license.pdf',
    bytes: PDF,
    type: 'application/pdf',
  },
  ip?: string,
) {
  const mp = await multipart(file, { draft });
  return raw('POST', '/public/files', { body: mp.body, headers: { 'content-type': mp.contentType }, ip });
}

let seq = 0;
export function signupBody(draft: string, overrides: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    draft,
    kind: 'contractor',
    business_name: `Cool Air Contractors ${tag}`,
    dba_name: '',
    business_type: 'HVAC',
    email: `office-${tag}@example.com`,
    phone: '5125550100',
    website: 'https://coolair.example.com',
    address_line_1: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    contacts: [
      { role: 'owner', name: 'Olivia Owner', email: `owner-${tag}@example.com`, phone: '5125550101' },
      { role: 'accounting', name: 'Alex Books', email: `books-${tag}@example.com`, phone: '5125550102' },
    ],
    bank_account_name: 'Cool Air Contractors LLC',
    routing_number: '021000021',
    account_number: '123456789',
    documents: [],
    ...overrides,
  };
}
