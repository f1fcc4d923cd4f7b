import { getApplication } from '../data/applications.ts';
import type { OutboxEvent } from '../data/items.ts';
import { addUwCounters, claimReportEvent, releaseReportEvent } from '../data/reports.ts';
import type { Deps } from '../platform/deps.ts';
import { keepNoticeOf } from '../services/adverse-action.ts';
import { counterScopes, lenderDay } from '../services/leases/sync.ts';
import { openAccount } from '../services/servicing/accounts.ts';
import { countServicingEvent, firstPaymentInTime } from '../services/servicing/report-counters.ts';

// The reports' and notices' consumer (issue 11 parts 3 and 4), at least once, any order:
// - application.approved: adds the approval amount to the day's underwriting counters (average approval);
// - application.denied: keeps the adverse-action notice with the application;
// - lease.funded: counts a first payment due on the lease's first scheduled payment date (first-payment default);
// - lease.payment.recorded (`data.sequence` 1 and `data.due_date`): counts it paid when paid by due date + grace;
// - servicing's payments, failures, reversals and charge-offs: the servicing counters (issue 23, report-counters.ts).
// Each counted event is claimed by its id first, so a repeated event adds once. A failure is logged and the claim
// released; it never holds the aggregate's outbox back (the counters are a report, not a ledger).
export async function onReportEvent(deps: Deps, event: OutboxEvent): Promise<void> {
  try {
    if (event.type === 'application.denied') {
      await keepNoticeOf(deps, event.aggregate.id);
      return;
    }
    if (event.type === 'application.approved')
      return await counted(deps, event, () => countApproval(deps, event.aggregate.id));
    if (event.type === 'lease.funded') return await counted(deps, event, () => countFirstPaymentDue(deps, event));
    if (event.type === 'lease.payment.recorded' && event.data.sequence === 1)
      return await counted(deps, event, () => countFirstPaymentPaid(deps, event));
    if (SERVICING_COUNTED.has(event.type)) return await counted(deps, event, () => countServicingEvent(deps, event));
  } catch (error) {
    deps.log.warn('report counters will miss an event', { eventId: event.id, type: event.type, error: String(error) });
  }
}

const SERVICING_COUNTED = new Set([
  'lease.payment_succeeded',
  'lease.purchased_early',
  'lease.payment_failed',
  'lease.charged_off',
]);

async function counted(deps: Deps, event: OutboxEvent, work: () => Promise<void>) {
  if (!(await claimReportEvent(deps.db, event.id, deps.clock().toISOString()))) return;
  try {
    await work();
  } catch (error) {
    await releaseReportEvent(deps.db, event.id).catch(() => undefined);
    throw error;
  }
}

async function countApproval(deps: Deps, uuid: string) {
  const record = await getApplication(deps.db, deps.crypto, uuid, deps.clock());
  const decision = record?.decision as { code?: string; approvalCents?: number; decidedAt?: string | null } | undefined;
  if (!record || !decision || decision.code !== 'A') return;
  const day = lenderDay(record.decidedAt ?? decision.decidedAt ?? deps.clock().toISOString());
  await addUwCounters(deps.db, counterScopes(record.storeId, record.retailerId), day, {
    approved_count: 1,
    approved_cents: decision.approvalCents ?? 0,
  });
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

async function countFirstPaymentDue(deps: Deps, event: OutboxEvent) {
  const storeId = text(event.data.store_id);
  const retailerId = text(event.data.retailer_id);
  if (!storeId || !retailerId) return;
  // The first scheduled payment's date as the account has it (opening is idempotent: the lease consumer may not have
  // run yet). The paid side counts under the same date (lease.payment.recorded's due_date), so the two always meet,
  // also in the sandbox where the account's dates carry the clock's offset at its opening.
  const account = await openAccount(deps, event.aggregate.id);
  const due = account?.schedule.find((i) => !i.prepaid)?.dueDate;
  if (!due) return;
  await addUwCounters(deps.db, counterScopes(storeId, retailerId), due, { fpd_due: 1 });
}

async function countFirstPaymentPaid(deps: Deps, event: OutboxEvent) {
  const due = text(event.data.due_date);
  const storeId = text(event.data.store_id);
  const retailerId = text(event.data.retailer_id);
  if (!due || !storeId || !retailerId) return;
  // A first payment made after its due date plus the grace stays a default (issue 23: counted from real payments).
  if (!(await firstPaymentInTime(deps, event))) return;
  await addUwCounters(deps.db, counterScopes(storeId, retailerId), due, { fpd_paid: 1 });
}
