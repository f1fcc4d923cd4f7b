import { expect } from 'vitest';
import type { RetailPartnerPort } from '../../../functions/providers/retail-partner/port.ts';

/**
 * Stock as both retail partner adapters (the HTTP one against the mock and the sandbox) answer it for an ordinary sku
 * and the three suffixes of the sandbox's catalogue: -OOS out of stock, -NOSHIP not shippable, -NODEL not deliverable.
 */
export async function expectStockBySkuSuffix(partner: RetailPartnerPort, ordinarySku: string) {
  expect(await partner.productAvailability([ordinarySku, 'TV-OOS', 'TV-NOSHIP', 'TV-NODEL'])).toEqual([
    { sku: ordinarySku, inStock: true, shippable: true, deliverable: true },
    { sku: 'TV-OOS', inStock: false, shippable: true, deliverable: true },
    { sku: 'TV-NOSHIP', inStock: true, shippable: false, deliverable: true },
    { sku: 'TV-NODEL', inStock: true, shippable: true, deliverable: false },
  ]);
}
