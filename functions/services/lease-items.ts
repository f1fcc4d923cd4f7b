import type { LeaseItemInput } from '../../machines/domain/pricing.ts';
import type { CheckoutItem } from '../data/checkouts.ts';

// The checkout's cart as the lease prices it; the shopper's checkout view (before the lease exists) and the lease
// use this one function, so the figures shown before the contract price exactly the contract's cash price.

/** The cart lines that stay in the contract (removed skus out; optional parts only when the shopper kept them). */
export function leaseItemsOf(item: CheckoutItem): LeaseItemInput[] {
  const removed = new Set(item.delivery?.removed ?? []);
  const lines = item.delivery?.schedules ?? [];
  return item.cart.items
    .filter((i) => !removed.has(i.sku))
    .map((i) => {
      const chosen = lines.filter((l) => l.sku === i.sku);
      const parts = chosen.length
        ? i.required_parts.filter((p) => chosen.some((l) => l.required.includes(p.sku)))
        : i.required_parts;
      return {
        sku: i.sku,
        description: i.description,
        quantity: i.quantity,
        unitPriceCents: i.unit_price,
        ...(parts.length
          ? {
              requiredParts: parts.map((p) => ({
                sku: p.sku,
                description: p.description,
                quantity: p.quantity,
                unitPriceCents: p.unit_price,
              })),
            }
          : {}),
      };
    });
}
