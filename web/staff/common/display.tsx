// Display helpers of the lease screens: money as '$0,0.00' (seed 001 section 9), calendar dates, yes/no, empty
// values, and catalogue texts that may be missing (server field names shown as words).
import type { ReactNode } from 'react';
import { formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import { formatDate } from '../../lib/format.ts';
import type { Translate } from '../../lib/i18n.tsx';
import { DateTime } from './Screen.tsx';

/** '1234.5' -> '$1,234.50'; '-12.00' -> '-$12.00'; empty for null; anything else as given. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const cents = parseAmountToCents(negative ? text.slice(1) : text);
  if (cents === undefined) return text;
  return formatCents(negative ? -cents : cents);
}

/** A calendar date (YYYY-MM-DD) as MM/DD/YYYY; a timestamp in the viewer's locale. */
export function When({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return <time dateTime={value}>{formatDate(value)}</time>;
  return <DateTime value={value} />;
}

/** The catalogue text of `key`, or `fallback` when the catalogue has none. */
export function tOr(t: Translate, key: string, fallback: string, params?: Record<string, string | number>): string {
  const text = t(key, params);
  return text === key ? fallback : text;
}

/** 'monthly_gross' -> 'Monthly gross'; 'NotStarted' -> 'Not started'. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** A value for a detail list: text, yes/no for booleans, a dash-free empty for nothing. */
export function plain(value: unknown, t: Translate): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? t('staff.option.yes') : t('staff.option.no');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([, v]) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
      .join(', ');
  }
  return String(value);
}

/** 'visa •••• 4242'. */
export const cardText = (brand: string | null | undefined, last4: string | null | undefined) =>
  [brand, last4 ? `•••• ${last4}` : ''].filter(Boolean).join(' ');

/** A card payment's status in words. */
export const paymentStatusText = (t: Translate, status: string) =>
  tOr(t, `staff.ui.lease.paymentStatus.${status}`, humanize(status));
