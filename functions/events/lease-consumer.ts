import type { OutboxEvent } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import { recordFundedLease } from '../services/customers.ts';
import { syncCheckoutRows } from '../services/leases/lists.ts';
import { syncLease } from '../services/leases/sync.ts';
import { openAccount } from '../services/servicing/accounts.ts';

// The staff side's consumer of application and checkout events (at least once, any order): brings the lease record
// of the application up to date through the lease-status machine (functions/services/leases/sync.ts) and keeps the
// checkout and payment list rows in line. Both are catch-ups from the stored records, so a repeat changes nothing.
// A funded lease makes its lessees customers (functions/services/customers.ts; a set of lease ids, so also idempotent).
// A failure is logged, not thrown: the staff records catch up on their next event or read, and one bad record must
// never hold the aggregate's outbox (and so the retailer's webhooks) back.
export async function onLeaseRelevantEvent(deps: Deps, event: OutboxEvent): Promise<void> {
  if (event.type === 'lease.funded' || event.type === 'lease.tranche_funded') {
    // Servicing starts with the first funded tranche (partial delivery) or the whole lease; opening is idempotent.
    try {
      await openAccount(deps, event.aggregate.id);
    } catch (error) {
      deps.log.error('lease account not opened; the next funding event or a staff read retries', {
        eventId: event.id,
        error: String(error),
      });
    }
  }
  if (event.type === 'lease.funded') {
    try {
      await recordFundedLease(deps, event.aggregate.id, event.occurredAt);
    } catch (error) {
      deps.log.warn('customer record will miss a funded lease', { eventId: event.id, error: String(error) });
    }
    return;
  }
  try {
    if (event.aggregate.type === 'application' && event.type.startsWith('application.')) {
      await syncLease(deps, event.aggregate.id);
      return;
    }
    if (event.aggregate.type === 'checkout' && event.type.startsWith('checkout.')) {
      await syncCheckoutRows(deps, event.aggregate.id);
      const uuid = event.data.application_id;
      if (typeof uuid === 'string' && uuid) await syncLease(deps, uuid);
    }
  } catch (error) {
    deps.log.warn('staff lease records will catch up later', {
      eventId: event.id,
      type: event.type,
      error: String(error),
    });
  }
}
