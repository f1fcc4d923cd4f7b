import * as z from 'zod/mini';
import { PIN_LENGTH } from '../pin/pin-rules.ts';

// POST /apply-v2/application/verify/send and /verify/confirm (seed 000 section 7).

const required = 'validation.required';
/** Ids arrive as strings from our API and as numbers from older retailer integrations. */
const id = z.union([z.string().check(z.trim(), z.minLength(1, required)), z.number()]);

export const PIN_MODES = ['sms', 'email'] as const;
export type PinMode = (typeof PIN_MODES)[number];

export const verifySendBody = z.object({
  uuid: z.string().check(z.trim(), z.minLength(1, required)),
  mode: z.enum(PIN_MODES, 'pin.mode.invalid'),
});
export type VerifySendBody = z.infer<typeof verifySendBody>;

export const verifyConfirmBody = z.object({
  uuid: z.string().check(z.trim(), z.minLength(1, required)),
  checkout_id: z.optional(z.nullable(id)),
  store_id: id,
  code: z.string().check(z.trim(), z.length(PIN_LENGTH, 'pin.code.invalid'), z.regex(/^[0-9]+$/, 'pin.code.invalid')),
  retrieval: z.optional(z.boolean()),
  iframe: z.optional(z.boolean()),
  /** Sent as false when the shopper accepted the changed checkout items (a new contract will be signed). */
  keep_checkout_items: z.optional(z.boolean()),
});
export type VerifyConfirmBody = z.infer<typeof verifyConfirmBody>;

/** One cart line as shown in the 'Checkout Items Confirmation' pane. */
export interface CheckoutItemView {
  sku: string;
  quantity: number;
  description: string;
  /** Integer cents. */
  unit_price: number;
}

/** `data` of a successful /verify/send. */
export interface VerifySendData {
  mode: PinMode;
}

/** `data` of a successful /verify/confirm. */
export interface VerifyConfirmData {
  requiresNewApp?: boolean;
  application?: unknown;
  confirmDifferentCheckoutItems?: boolean;
  oldItems?: CheckoutItemView[];
  newItems?: CheckoutItemView[];
}

/** `data` of a refused /verify/confirm: `maxed` after too many wrong codes, with the generic denial result. */
export interface VerifyConfirmErrorData {
  maxed?: boolean;
  result?: unknown;
  attemptsLeft?: number;
}
