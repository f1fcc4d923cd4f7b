// Input masks of seed 001 sections 5 and 9: phone keeps only digits and + ('(###) ###-####' display); money keeps
// digits and one decimal point ('$0,0.00' display); dates accept digit keystrokes only ('MM/DD/YYYY').
import { formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';

/** Keeps digits and a leading +; without + at most 10 digits (US numbers), with + at most 15. */
export function phoneKeep(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '');
  const plus = kept.startsWith('+');
  const digits = kept.replace(/\+/g, '');
  return plus ? `+${digits.slice(0, 15)}` : digits.slice(0, 10);
}

/** '5551234567' -> '(555) 123-4567', progressively while typing; international (+) numbers are shown as typed. */
export function formatPhone(value: string | null | undefined): string {
  const kept = phoneKeep(value ?? '');
  if (kept.startsWith('+')) return kept;
  const d = kept;
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Keeps digits and the first decimal point, at most two decimals. */
export function moneyKeep(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  return `${kept.slice(0, dot)}.${kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`;
}

/** Typed money text -> integer cents (null when empty or not an amount). */
export function moneyToCents(text: string): number | null {
  if (text.trim() === '') return null;
  return parseAmountToCents(text) ?? null;
}

/** Cents -> '$1,234.50'. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  return formatCents(cents);
}

/** Cents -> '1234.50' (the editable text while focused). */
export function centsToEditable(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const part = Math.abs(cents) % 100;
  return `${cents < 0 ? '-' : ''}${whole}${part ? `.${String(part).padStart(2, '0')}` : ''}`;
}

/** Keys a digits-only input lets through: digits, editing and navigation keys, shortcuts. */
export function isAllowedDigitKey(key: string, withModifier: boolean): boolean {
  if (withModifier) return true;
  if (key.length > 1) return true; // Backspace, Delete, Tab, arrows, Home, End, Enter...
  return /^\d$/.test(key);
}

/** Digits -> 'MM/DD/YYYY' progressively (at most 8 digits). */
export function formatDateDigits(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** 'MM/DD/YYYY' -> 'YYYY-MM-DD' when it is a real calendar date, else undefined. */
export function maskedDateToIso(masked: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(masked);
  if (!match) return undefined;
  const [, mm, dd, yyyy] = match;
  const iso = `${yyyy}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return undefined;
  return iso;
}

/** 'YYYY-MM-DD' (or an ISO date-time) -> 'MM/DD/YYYY'. */
export function isoToMaskedDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** Shows only the last `visible` characters: '123456789' -> '•••••6789'. */
export function conceal(value: string | null | undefined, visible = 4): string {
  const text = value ?? '';
  if (text.length <= visible) return text;
  return '•'.repeat(text.length - visible) + text.slice(-visible);
}

/** A generic server mask: '#' a digit, 'A' a letter, '*' anything; other characters are inserted as typed. */
export function applyMask(mask: string, raw: string): string {
  const chars = raw.replace(/[^A-Za-z0-9]/g, '').split('');
  let out = '';
  for (const symbol of mask) {
    if (chars.length === 0) break;
    if (symbol === '#' || symbol === 'A' || symbol === '*') {
      let next = chars.shift();
      const test = symbol === '#' ? /\d/ : symbol === 'A' ? /[A-Za-z]/ : /./;
      while (next !== undefined && !test.test(next)) next = chars.shift();
      if (next === undefined) break;
      out += next;
    } else {
      out += symbol;
    }
  }
  return out;
}
