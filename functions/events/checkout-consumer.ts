import type { OutboxEvent } from '../data/items.ts';
import { getCheckout } from '../data/checkouts.ts';
import type { Deps } from '../platform/deps.ts';
import { syncWithApplication } from '../services/checkout.ts';

// The checkout's consumer of application events (at least once, any order): an application created, approved or
// denied for a checkout moves the checkout (started -> application in progress -> application complete). It runs
// the same catch-up the checkout endpoints run, so whichever comes first moves the checkout and the other changes
// nothing.
const EVENTS = new Set(['application.created', 'application.approved', 'application.denied']);

export async function onApplicationEvent(deps: Deps, event: OutboxEvent): Promise<void> {
  if (event.aggregate.type !== 'application' || !EVENTS.has(event.type)) return;
  const checkoutId = event.data.checkout_id;
  if (typeof checkoutId !== 'string' || !checkoutId) return;
  const item = await getCheckout(deps.db, checkoutId, deps.clock());
  if (!item) return;
  await syncWithApplication(deps, item, event.aggregate.id);
}
