import type { AppError } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

// multipart/form-data bodies (the toolkit's file upload: one field `file`, seed 001 section 7), parsed by the
// runtime's own WHATWG FormData parser (undici), never by hand. API Gateway and the local server hand binary
// bodies over base64-encoded.

export interface UploadedPart {
  name: string;
  type: string;
  size: number;
  bytes: Buffer;
}

export interface MultipartBody {
  file?: UploadedPart;
  fields: Record<string, string>;
}

/** The raw size of an event's body, without decoding it. */
export function bodyBytes(event: HttpEvent): number {
  if (!event.body) return 0;
  return event.isBase64Encoded
    ? Math.floor((event.body.length * 3) / 4) - (event.body.endsWith('==') ? 2 : event.body.endsWith('=') ? 1 : 0)
    : Buffer.byteLength(event.body);
}

/**
 * Reads a multipart body. `tooLarge` is thrown (as given) when the body exceeds `maxBytes`, `notMultipart` when the
 * body is not multipart/form-data.
 */
export async function readMultipart(
  event: HttpEvent,
  options: { maxBytes: number; tooLarge: AppError; notMultipart: AppError },
): Promise<MultipartBody> {
  const type = event.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;/i.test(type.trim())) throw options.notMultipart;
  if (bodyBytes(event) > options.maxBytes) throw options.tooLarge;
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64')
      : Buffer.from(event.body, 'binary')
    : Buffer.alloc(0);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw options.notMultipart;
  }
  const out: MultipartBody = { fields: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (value.length <= 1000) out.fields[name] = value;
    } else if (name === 'file' && !out.file) {
      const bytes = Buffer.from(await value.arrayBuffer());
      out.file = { name: value.name || 'file', type: value.type, size: bytes.length, bytes };
    }
  }
  return out;
}
