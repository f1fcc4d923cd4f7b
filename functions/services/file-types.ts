// Pure checks of an uploaded file: its extension against the allowed list, and its first bytes against what that
// extension's format starts with (so a renamed .exe is refused). No I/O.

/** Seed 001 section 5: uploads must be under 9 MB (the same limit as Mass Import). */
export const UPLOAD_MAX_BYTES = 9 * 1024 * 1024;
/** Seed 001 section 5: documents. */
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'pdf', 'pages', 'bml', 'jpeg', 'jpg', 'png'] as const;
/** Seed 001 section 5: images. */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png'] as const;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const MAGIC: Record<string, number[][]> = {
  pdf: [[0x25, 0x50, 0x44, 0x46]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  jpeg: [[0xff, 0xd8, 0xff]],
  jpg: [[0xff, 0xd8, 0xff]],
  docx: [ZIP],
  xlsx: [ZIP],
  pages: [ZIP],
  doc: [OLE],
};

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pages: 'application/vnd.apple.pages',
  html: 'text/html',
};

/** Lower-case extension of a file name ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The content type we store and serve: from the checked extension, never from what the client claimed. */
export const contentTypeFor = (ext: string) => CONTENT_TYPES[ext] ?? 'application/octet-stream';

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
/** Executables and scripts are refused whatever their name says. */
const EXECUTABLE = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0x23, 0x21],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
];

export type FileCheck =
  { ok: true; extension: string; contentType: string } | { ok: false; reason: 'empty' | 'too-large' | 'type' };

export function checkUpload(input: {
  name: string;
  bytes: Uint8Array;
  allowed: readonly string[];
  maxBytes: number;
}): FileCheck {
  if (input.bytes.length >= input.maxBytes) return { ok: false, reason: 'too-large' };
  if (input.bytes.length === 0) return { ok: false, reason: 'empty' };
  const ext = extensionOf(input.name);
  if (!ext || !input.allowed.map((a) => a.toLowerCase()).includes(ext)) return { ok: false, reason: 'type' };
  if (EXECUTABLE.some((m) => startsWith(input.bytes, m))) return { ok: false, reason: 'type' };
  const magic = MAGIC[ext];
  if (magic && !magic.some((m) => startsWith(input.bytes, m))) return { ok: false, reason: 'type' };
  if (ext === 'html' && input.bytes.includes(0)) return { ok: false, reason: 'type' };
  return { ok: true, extension: ext, contentType: contentTypeFor(ext) };
}

/** A file name safe to keep and to show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(0, 200);
}
