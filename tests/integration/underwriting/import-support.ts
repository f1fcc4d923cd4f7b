import ExcelJS from 'exceljs';
import { StaffClient } from '../staff/client.ts';
import { cookieHeader, jsonOr } from '../../support/http.ts';

// Builds xlsx files in the test with exceljs and sends them as the staff portal does (multipart, field `file`).
export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function upload(
  client: StaffClient,
  path: string,
  file: { bytes: Uint8Array; name: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (client.cookies.size) headers.cookie = cookieHeader(client.cookies);
  if (client.csrf) headers['x-csrf-token'] = client.csrf;
  const res = await fetch(client.baseUrl + path, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: jsonOr(text, { status: false, data: text }) };
}

/**
 * A staff client whose POSTs to an import preview path send a multipart xlsx upload (for the route matrix, whose
 * fixtures otherwise send JSON bodies).
 */
export class UploadingClient extends StaffClient {
  constructor(
    from: StaffClient,
    private readonly file: () => Promise<{ bytes: Uint8Array; name: string }>,
    private readonly fields: Record<string, string> = {},
  ) {
    super(from.baseUrl);
    for (const [k, v] of from.cookies) this.cookies.set(k, v);
  }

  override async call<T = any>(method: string, path: string, options: Parameters<StaffClient['call']>[2] = {}) {
    if (method !== 'POST') return super.call<T>(method, path, options);
    const res = await upload(this, path, await this.file(), this.fields);
    return { ...res, headers: new Headers(), setCookies: [] } as Awaited<ReturnType<StaffClient['call']>> as never;
  }
}
