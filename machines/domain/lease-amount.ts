import { plainDollars, type Offers } from './decision.ts';
import type { Cents } from './money.ts';
import { parseAmountToCents } from './money.ts';
import { LEASE_OPTIONS, type LeaseOption } from './scoring-settings.ts';

// The payment calculator's lease amount rules (seed 000 section 5). Pure functions over the text the shopper typed,
// so the calculator machine, the page and the server (POST /api/v1/score/payments) apply the same rules.

/** min_approval_amount when the store's lease program has none. */
export const DEFAULT_MIN_APPROVAL_CENTS: Cents = 30_000;

/** A message for a field: the i18n key (machines/i18n/calculator.ts), its params and the exact English text. */
export interface CalculatorMessage {
  key: CalculatorMessageKey;
  params: Record<string, string | number>;
  message: string;
}

export const CALCULATOR_MESSAGES = {
  'calculator.amount.minimum': 'Minimum allowed lease amount is ${min}',
  'calculator.amount.maximum': 'Maximum allowed lease for the chosen option is ${max}',
  'calculator.amount.invalid': 'Please enter a valid amount.',
  'calculator.amount.required': 'This field is required!',
} as const;
export type CalculatorMessageKey = keyof typeof CALCULATOR_MESSAGES;

function message(key: CalculatorMessageKey, params: Record<string, string | number> = {}): CalculatorMessage {
  const text = CALCULATOR_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return { key, params, message: text };
}

/** The store's min_approval_amount (dollars, as stored: 300 or '300.00') in cents; default $300. */
export function minimumLeaseCents(minApprovalAmount: number | string | null | undefined): Cents {
  const cents = parseAmountToCents(minApprovalAmount);
  return cents === undefined || cents === 0 ? DEFAULT_MIN_APPROVAL_CENTS : cents;
}

/** The result's offerAmounts ('1500.00', '0.00') in cents; anything unreadable counts as not offered. */
export function offersToCents(offerAmounts: Partial<Record<LeaseOption, string | number | null>>): Offers {
  const offers = { A: 0, B: 0, C: 0, D: 0 };
  for (const option of LEASE_OPTIONS) offers[option] = parseAmountToCents(offerAmounts[option]) ?? 0;
  return offers;
}

/** Options to show: offers of 0.00 are hidden. */
export function visibleOptions(offers: Offers): LeaseOption[] {
  return LEASE_OPTIONS.filter((option) => offers[option] > 0);
}

export function maximumForOption(offers: Offers, option: LeaseOption): Cents {
  return offers[option];
}

/**
 * The default option is the one with the highest offer. On a tie the lease program's default wins (option C when
 * the store enables it, else A; seed 000 section 9), then the earlier letter.
 */
export function defaultOption(offers: Offers, program: { optionCEnabled?: boolean } = {}): LeaseOption {
  const preference: LeaseOption[] = program.optionCEnabled ? ['C', 'A', 'B', 'D'] : ['A', 'B', 'C', 'D'];
  let best: LeaseOption = preference[0]!;
  for (const option of preference) if (offers[option] > offers[best]) best = option;
  return best;
}

/** A cart line as the retailer sends it (seed 000 section 3: unit_price is a decimal string or number). */
export interface CartLine {
  unit_price: string | number;
  quantity?: number;
}

/** Sum of unit_price x quantity (quantity defaults to 1). */
export function cartTotalCents(items: readonly CartLine[]): Cents {
  return items.reduce((sum, item) => sum + (parseAmountToCents(item.unit_price) ?? 0) * (item.quantity ?? 1), 0);
}

/**
 * The default amount: the cart's total with its delivery charge when there is a cart (the lease's cash price, so the
 * figures before the contract are the contract's), otherwise the highest offer. A 1-cent delivery means free.
 */
export function defaultAmountCents(
  offers: Offers,
  cart?: readonly CartLine[] | null,
  deliveryCents?: Cents | null,
): Cents {
  if (cart && cart.length > 0)
    return cartTotalCents(cart) + (!deliveryCents || deliveryCents === 1 ? 0 : deliveryCents);
  return Math.max(...LEASE_OPTIONS.map((option) => offers[option]));
}

/** How an amount is written back into the field: '8000' or '2117.60'. */
export function amountText(cents: Cents): string {
  return plainDollars(cents);
}

export interface AmountCheck {
  /** What the field shows: as typed, or the maximum after a clamp. */
  text: string;
  /** The amount in cents (commas stripped), null when the text is not an amount. */
  amountCents: Cents | null;
  error: CalculatorMessage | null;
}

export interface AmountLimits {
  option: LeaseOption;
  offers: Offers;
  minimumCents: Cents;
}

/**
 * Applies the amount rules to what the shopper typed: below the minimum keeps the text with the minimum message;
 * above the chosen option's maximum clamps to it with the maximum message.
 */
export function checkAmount(text: string, limits: AmountLimits): AmountCheck {
  if (text.trim() === '') return { text, amountCents: null, error: message('calculator.amount.required') };
  const amount = parseAmountToCents(text);
  if (amount === undefined) return { text, amountCents: null, error: message('calculator.amount.invalid') };
  const maximum = maximumForOption(limits.offers, limits.option);
  if (amount < limits.minimumCents) {
    return {
      text,
      amountCents: amount,
      error: message('calculator.amount.minimum', { min: plainDollars(limits.minimumCents) }),
    };
  }
  if (amount > maximum) {
    return {
      text: amountText(maximum),
      amountCents: maximum,
      error: message('calculator.amount.maximum', { max: plainDollars(maximum) }),
    };
  }
  return { text, amountCents: amount, error: null };
}

/** The amount sent for calculation: one below the minimum is raised to the minimum. */
export function amountForCalculation(amountCents: Cents, minimumCents: Cents): Cents {
  return Math.max(amountCents, minimumCents);
}
