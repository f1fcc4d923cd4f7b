// Display formatting at the edge. Money formatting lives in machines/domain/money.ts.

/** Digits only, at most 10 (a leading US country code 1 on an 11-digit number is dropped). */
function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.slice(0, 10);
}

/** `(###) ###-####` for a complete US number; anything else is returned trimmed, as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const d = phoneDigits(value);
  if (d.length !== 10) return value.trim();
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Progressive mask while typing, max 14 characters: `(8`, `(800) 5`, `(800) 555-0142`. */
export function maskPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** `tel:` target for a displayed phone number. */
export const telHref = (value: string): string => `tel:+1${phoneDigits(value)}`;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * MM/DD/YYYY. A calendar date (`YYYY-MM-DD`, or the date part of an ISO timestamp at midnight UTC) is formatted as
 * written, without a time-zone shift; other timestamps and Date objects use the shopper's local calendar day.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T00:00:00(?:\.0+)?Z$)/.exec(value);
    if (m) return `${m[2]}/${m[3]}/${m[1]}`;
    if (/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return value;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}
