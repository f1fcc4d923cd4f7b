// `POST /retailer/v1/checkouts`: the retailer's create-checkout body (cart, return URLs, callback URL, optional
// applicant prefill). Messages are i18n keys of machines/i18n/checkout.ts.
import * as z from 'zod/mini';
import { cartSchema } from './cart.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL (where the shopper's browser is sent back). */
export function isWebUrl(value: string): boolean {
  const url = parseUrl(value);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** https, or http only for localhost (our webhooks carry signed data and must not travel in clear). */
export function isCallbackUrl(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.hostname === '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname.toLowerCase());
}

const webUrl = (message: string) =>
  z.string({ error: message }).check(z.maxLength(2048, message), z.refine(isWebUrl, message));

const text = z
  .string({ error: 'retailerCheckout.error.prefillText' })
  .check(z.trim(), z.maxLength(255, 'retailerCheckout.error.prefillText'));

export const prefillSchema = z.object({
  first_name: z.optional(text),
  middle_name: z.optional(text),
  last_name: z.optional(text),
  email: z.optional(
    z
      .string({ error: 'retailerCheckout.error.prefillEmail' })
      .check(z.trim(), z.email('retailerCheckout.error.prefillEmail')),
  ),
  cell: z.optional(
    z.string({ error: 'retailerCheckout.error.prefillCell' }).check(
      z.overwrite((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')),
      z.regex(/^\d{10}$/, 'retailerCheckout.error.prefillCell'),
    ),
  ),
  location: z.optional(
    z.object({
      line_1: z.optional(text),
      line_2: z.optional(text),
      city: z.optional(text),
      state: z.optional(
        z
          .string({ error: 'retailerCheckout.error.prefillState' })
          .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'retailerCheckout.error.prefillState')),
      ),
      code: z.optional(
        z
          .string({ error: 'retailerCheckout.error.prefillZip' })
          .check(z.trim(), z.regex(/^\d{5}$/, 'retailerCheckout.error.prefillZip')),
      ),
    }),
  ),
});

export const retailerCheckoutSchema = z.object({
  cart: cartSchema,
  return_url: webUrl('retailerCheckout.error.returnUrl').check(
    z.meta({
      description: 'Where the shopper returns after a completed checkout (http or https; `checkout_id` is added).',
      examples: ['https://retailer.example/checkout/done'],
    }),
  ),
  return_url_failure: webUrl('retailerCheckout.error.returnUrlFailure').check(
    z.meta({
      description:
        'Where the shopper returns when the checkout ends without a lease (`checkout_id` and `status` are added).',
      examples: ['https://retailer.example/checkout/failed'],
    }),
  ),
  callback_url: z.string({ error: 'retailerCheckout.error.callbackUrl' }).check(
    z.maxLength(2048, 'retailerCheckout.error.callbackUrl'),
    z.refine(isCallbackUrl, 'retailerCheckout.error.callbackUrl'),
    z.meta({
      description: 'Where we POST the signed webhooks of this checkout (https; http only for localhost).',
      examples: ['https://retailer.example/webhooks/lease'],
    }),
  ),
  prefill: z.optional(
    prefillSchema.check(
      z.meta({
        description:
          "What you already know of the shopper, to pre-fill the application (never sent back to you). A cell's punctuation and a leading 1 are removed; a state is upper-cased.",
      }),
    ),
  ),
});

/** The whole `POST /retailer/v1/checkouts` body: the checkout, the store it is for and the retailer's options. */
export const createCheckoutBodySchema = z.extend(retailerCheckoutSchema, {
  store: z
    .string('The store must be the slug of one of your active stores.')
    .check(
      z.trim(),
      z.minLength(1, 'The store must be the slug of one of your active stores.'),
      z.maxLength(64),
      z.meta({ description: 'The slug of one of your active stores.', examples: ['main-street'] }),
    ),
  skip_verification: z.optional(
    z.boolean('The skip_verification value must be true or false.').check(
      z.meta({
        description: "Skip the shopper's identity verification step (when your store already verified them).",
      }),
    ),
  ),
  lang: z.optional(
    z
      .enum(['en', 'es'], 'The lang must be en or es.')
      .check(z.meta({ description: 'The language the shopper starts in (default en).' })),
  ),
});

export type RetailerCheckoutBody = z.output<typeof retailerCheckoutSchema>;
export type RetailerCheckoutInput = z.input<typeof retailerCheckoutSchema>;
export type Prefill = z.output<typeof prefillSchema>;
