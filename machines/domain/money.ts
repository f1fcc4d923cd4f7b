// Money is integer cents in all logic; these are the only conversions at the edges.

export type Cents = number;

/** Parses a typed amount ('1,234.5', '$300', 300) to cents; undefined when it is not a non-negative amount. */
export function parseAmountToCents(input: string | number | null | undefined): Cents | undefined {
  if (input === null || input === undefined) return undefined;
  const text = String(input).replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  // 39 digits are not an amount: beyond exact integers it could be neither priced nor stored.
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** 123456 -> '1234.56' (the API's two-decimal string). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 -> '$1,234.56' (seed 001's money format '$0,0.00'). */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds half away from zero to whole cents: the rounding used for every computed amount. */
export function roundCents(value: number): Cents {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}

/** Splits a total into n payments whose sum is exactly the total (the last one absorbs the remainder). */
export function splitEvenly(total: Cents, n: number): Cents[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const payments = Array.from({ length: n }, () => base);
  payments[n - 1] = total - base * (n - 1);
  return payments;
}
