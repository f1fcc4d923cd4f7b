import { describe, expect, it } from 'vitest';
import { cartSchema, cartTotalCents, moneySchema, type CartInput } from '../../../machines/contracts/cart.ts';
import { isCallbackUrl, retailerCheckoutSchema } from '../../../machines/contracts/retailer-checkout.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';

const item = (over: Record<string, unknown> = {}) => ({
  sku: 'TV-55',
  quantity: 1,
  description: '55" TV',
  unit_price: '499.99',
  ...over,
});
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${translate('en', i.message)}`);

describe('retailer cart', () => {
  it('parses amounts to integer cents and defaults required parts', () => {
    const cart = cartSchema.parse({
      items: [
        item({ unit_price: '1,299.99', quantity: 2 }),
        item({
          sku: 'W-1',
          unit_price: 45,
          required_parts: [{ sku: 'KIT', quantity: 1, description: 'Install kit', unit_price: '19.5' }],
        }),
      ],
    });
    expect(cart.items[0]).toMatchObject({ unit_price: 129999, required_parts: [] });
    expect(cart.items[1]?.required_parts[0]?.unit_price).toBe(1950);
    expect(cartTotalCents(cart)).toBe(129999 * 2 + 4500 + 1950);
  });
  it.each([
    [0, 'items.0.quantity: The quantity must be a whole number from 1 to 99.'],
    [100, 'items.0.quantity: The quantity must be a whole number from 1 to 99.'],
    [1.5, 'items.0.quantity: The quantity must be a whole number from 1 to 99.'],
    ['2', 'items.0.quantity: The quantity must be a whole number from 1 to 99.'],
  ])('refuses quantity %s', (quantity, message) => {
    expect(messages(cartSchema.safeParse({ items: [item({ quantity })] }))).toEqual([message]);
  });
  it('accepts quantities 1 and 99', () => {
    for (const quantity of [1, 99]) expect(cartSchema.safeParse({ items: [item({ quantity })] }).success).toBe(true);
  });
  it.each(['-1', '12.345', 'abc', '', -5, null])('refuses unit_price %s', (unit_price) => {
    expect(messages(cartSchema.safeParse({ items: [item({ unit_price })] }))).toEqual([
      'items.0.unit_price: The unit_price must be an amount of at least 0 with at most 2 decimals, such as 499.99.',
    ]);
  });
  it('needs items, a sku, a description, and unique skus', () => {
    expect(messages(cartSchema.safeParse({ items: [] }))).toEqual(['items: No items specified']);
    expect(messages(cartSchema.safeParse({}))).toEqual(['items: No items specified']);
    expect(messages(cartSchema.safeParse({ items: [item({ sku: '  ' })] }))).toEqual([
      'items.0.sku: Each item needs a sku of 1 to 64 characters.',
    ]);
    expect(messages(cartSchema.safeParse({ items: [item({ description: undefined })] }))).toEqual([
      'items.0.description: Each item needs a description of 1 to 255 characters.',
    ]);
    expect(messages(cartSchema.safeParse({ items: [item(), item()] }))).toEqual([
      'items: Invalid items specified: each sku may appear only once in the cart.',
    ]);
    const many: CartInput = { items: Array.from({ length: 51 }, (_, i) => item({ sku: `S${i}` })) };
    expect(messages(cartSchema.safeParse(many))).toEqual(['items: A cart can hold at most 50 items.']);
  });
  it('checks required parts like items', () => {
    expect(
      messages(
        cartSchema.safeParse({
          items: [item({ required_parts: [{ sku: 'KIT', quantity: 0, description: 'Kit', unit_price: 1 }] })],
        }),
      ),
    ).toEqual(['items.0.required_parts.0.quantity: The quantity must be a whole number from 1 to 99.']);
  });
  it('money accepts $ and commas, keeps cents exact', () => {
    expect(moneySchema.parse('$0.10')).toBe(10);
    expect(moneySchema.parse(0.29)).toBe(29);
    expect(moneySchema.parse('18,000')).toBe(1800000);
  });
});

describe('retailer create-checkout body', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    cart: { items: [item()] },
    return_url: 'https://shop.example/ok',
    return_url_failure: 'https://shop.example/fail',
    callback_url: 'https://shop.example/hooks/lease',
    ...over,
  });
  it('accepts a complete body, with or without prefill', () => {
    expect(retailerCheckoutSchema.safeParse(body()).success).toBe(true);
    const parsed = retailerCheckoutSchema.parse(
      body({
        prefill: {
          first_name: ' Ana ',
          email: 'ana@example.com',
          cell: '+1 (555) 123-4567',
          location: { state: 'tx', code: '75001' },
        },
      }),
    );
    expect(parsed.prefill).toEqual({
      first_name: 'Ana',
      email: 'ana@example.com',
      cell: '5551234567',
      location: { state: 'TX', code: '75001' },
    });
    expect(parsed.cart.items[0]?.unit_price).toBe(49999);
  });
  it('callback_url: https anywhere, http only for localhost', () => {
    for (const ok of ['https://a.example/x', 'http://localhost:3000/hook', 'http://127.0.0.1/h', 'http://[::1]:8080/h'])
      expect(isCallbackUrl(ok), ok).toBe(true);
    for (const bad of ['http://a.example/x', 'ftp://a.example', '/relative', 'localhost/hook', 'javascript:alert(1)']) {
      expect(messages(retailerCheckoutSchema.safeParse(body({ callback_url: bad }))), bad).toEqual([
        'callback_url: The callback_url must be an https:// URL (http:// is accepted only for localhost).',
      ]);
    }
  });
  it('return URLs must be absolute web URLs', () => {
    expect(
      messages(retailerCheckoutSchema.safeParse(body({ return_url: '/ok', return_url_failure: 'javascript:void(0)' }))),
    ).toEqual([
      'return_url: The return_url must be an absolute http:// or https:// URL.',
      'return_url_failure: The return_url_failure must be an absolute http:// or https:// URL.',
    ]);
    expect(retailerCheckoutSchema.safeParse(body({ return_url: 'http://shop.example/ok' })).success).toBe(true);
  });
  it('explains bad prefill values and a missing cart', () => {
    expect(
      messages(
        retailerCheckoutSchema.safeParse(
          body({ prefill: { email: 'nope', cell: '123', location: { code: '7500', state: 'Texas' } } }),
        ),
      ),
    ).toEqual([
      'prefill.email: The prefill email is not a valid e-mail address.',
      'prefill.cell: The prefill cell must be a 10-digit US phone number.',
      'prefill.location.state: The prefill state must be a 2-letter state code.',
      'prefill.location.code: The prefill zip code must have 5 digits.',
    ]);
    expect(messages(retailerCheckoutSchema.safeParse(body({ cart: undefined })))).toEqual(['cart: No items specified']);
  });
  it('has a Spanish text for every message', () => {
    for (const key of ['cart.error.items', 'cart.error.unitPrice', 'retailerCheckout.error.callbackUrl'])
      expect(translate('es', key)).not.toBe(translate('en', key));
  });
});
