import { checkout } from '../../../machines/i18n/checkout.ts';
import { formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import { useBundledT } from '../../lib/i18n.tsx';

// The checkout's texts are bundled with the lazily loaded checkout chunk (never with the shopper entry), so the
// checkout screens never flash keys while POST /system/translation is on its way; other keys use the shell's.
export const useCheckoutT = () => useBundledT(checkout);

/** `$1,234.56` for an API money string ('1234.56'). */
export function money(value: string | number | null | undefined): string {
  return formatCents(parseAmountToCents(value ?? 0) ?? 0);
}

/** A delivery or shipping price: one cent (the partner's "free") shows 0.00 (seed 000 section 9). */
export function deliveryMoney(value: string | number | null | undefined): string {
  const cents = parseAmountToCents(value ?? 0) ?? 0;
  return formatCents(cents === 1 ? 0 : cents);
}
