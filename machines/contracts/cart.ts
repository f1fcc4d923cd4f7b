// The retailer's cart (seed 000 section 3, Checkout: cart.items of sku, quantity, description, unit_price and
// required_parts). Amounts arrive as decimal dollars ('499.99' or 499.99) and leave this schema as integer cents.
// Messages are i18n keys of machines/i18n/checkout.ts.
import * as z from 'zod/mini';
import { parseAmountToCents, type Cents } from '../domain/money.ts';

export const CART_MAX_ITEMS = 50;
export const CART_MAX_QUANTITY = 99;
/** The highest unit price a cart line may carry, $1,000,000 in cents (far above any lease's approval). */
export const CART_MAX_UNIT_PRICE_CENTS = 100_000_000;

/** A non-negative amount with at most 2 decimals (commas and $ allowed), as integer cents. */
export const moneySchema = z.pipe(
  z
    .union([z.string(), z.number()], { error: 'cart.error.unitPrice' })
    .check(z.refine((v) => parseAmountToCents(v) !== undefined, 'cart.error.unitPrice')),
  z.transform((v: string | number): Cents => parseAmountToCents(v)!),
);

const sku = z
  .string({ error: 'cart.error.sku' })
  .check(z.trim(), z.minLength(1, 'cart.error.sku'), z.maxLength(64, 'cart.error.sku'));
const description = z
  .string({ error: 'cart.error.description' })
  .check(z.trim(), z.minLength(1, 'cart.error.description'), z.maxLength(255, 'cart.error.description'));
const quantity = z
  .int({ error: 'cart.error.quantity' })
  .check(z.gte(1, 'cart.error.quantity'), z.lte(CART_MAX_QUANTITY, 'cart.error.quantity'));

const unitPrice = moneySchema.check(
  z.refine((cents: Cents) => cents <= CART_MAX_UNIT_PRICE_CENTS, 'cart.error.unitPriceTooHigh'),
  z.meta({
    description:
      'The unit price in dollars: a number or a string with at most 2 decimals ("499.99", 499.99, "$1,299.00").',
    examples: ['499.99'],
  }),
);

export const cartPartSchema = z.object({ sku, quantity, description, unit_price: unitPrice });

export const cartItemSchema = z.object({
  sku,
  quantity,
  description,
  unit_price: unitPrice,
  required_parts: z
    ._default(z.array(cartPartSchema), [])
    .check(z.meta({ description: 'Parts sold with the item (a mount, cables), leased with it.' })),
});

export const cartSchema = z.object(
  {
    items: z.array(cartItemSchema, { error: 'cart.error.items' }).check(
      z.minLength(1, 'cart.error.items'),
      z.maxLength(CART_MAX_ITEMS, 'cart.error.tooManyItems'),
      z.refine((items) => new Set(items.map((i) => i.sku)).size === items.length, 'cart.error.duplicateSku'),
    ),
  },
  { error: 'cart.error.items' },
);

export type CartPart = z.output<typeof cartPartSchema>;
export type CartItem = z.output<typeof cartItemSchema>;
export type Cart = z.output<typeof cartSchema>;
export type CartInput = z.input<typeof cartSchema>;

/** The cash price of a cart: unit prices times quantities, parts included, in cents. */
export function cartTotalCents(cart: Cart): Cents {
  return cart.items.reduce(
    (sum, item) =>
      sum + item.unit_price * item.quantity + item.required_parts.reduce((s, p) => s + p.unit_price * p.quantity, 0),
    0,
  );
}
