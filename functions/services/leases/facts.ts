import { stepRoute } from '../../../machines/checkpoint/checkpoint-route.ts';
import type { ApplicationRow, ApplicationSource } from '../../../machines/contracts/staff-leases.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { Decision } from '../../../machines/domain/decision.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import {
  leasePlaceLabel,
  type LeaseAction,
  type LeaseFacts,
} from '../../../machines/lease-status/lease-status.machine.ts';
import type { ApplicationRecord } from '../../data/applications.ts';
import type { CheckoutItem } from '../../data/checkouts.ts';
import type { LeaseRecordData } from '../../data/leases.ts';
import { DEFAULT_QUEUE_CONFIG, queuesForStatus, type QueueConfig } from '../../../machines/contracts/staff-rules.ts';
import { fundingFacts, type TrancheState } from '../../../machines/domain/partial-delivery.ts';
import { fulfilmentOf } from '../fulfilment.ts';

// What the lease record reads from the application and its checkout: the list row, the facts the status machine's
// guards need, and the shopper and retailer facts that move the status (each with a marker so it moves it once).

export const applicantNameOf = (app: Pick<ApplicationRecord, 'data'>): string => {
  const a = app.data.applicant;
  const name = [a?.first_name, a?.middle_name, a?.last_name].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  return name || '—';
};

/** The application's number (what older systems called the loan number): the first 8 characters of its uuid. */
export const loanNumberOf = (uuid: string) => uuid.replace(/-/g, '').slice(0, 10).toUpperCase();

/** The agreement number printed on the contract is the checkout id. */
export const leaseNumberOf = (checkout: CheckoutItem | undefined) => (checkout?.lease ? checkout.id : null);

export function sourceOf(app: ApplicationRecord, checkout: CheckoutItem | undefined): ApplicationSource {
  if (!app.checkoutId && !checkout) return 'portal';
  return app.app_origin === 'iframe' ? 'iframe' : 'checkout';
}

function stepOf(app: ApplicationRecord, checkout: CheckoutItem | undefined): string {
  if (checkout && checkout.current_step !== null && (checkout.current_step ?? 0) >= 4)
    return stepRoute(checkout.current_step);
  if (app.status === 'draft') return app.verified ? 'confirm' : 'application';
  return 'result';
}

const decisionOf = (app: ApplicationRecord) => (app.decision as Decision | undefined) ?? undefined;

/** The tranche id of a lease delivered without delivery records (staff marked it delivered, or before issue 13). */
export const WHOLE_TRANCHE = 'whole';

export interface LeaseTranche extends TrancheState {
  deliveredAt: string | null;
  recordedAt: string | null;
  by: string | null;
  items: { sku: string; quantity: number }[];
  fundedAt: string | null;
  fundedBy: string | null;
}

type FundingRecord = Pick<LeaseRecordData, 'fundedTranches' | 'fundedAt' | 'status' | 'rogDate'>;

/**
 * The funding tranches of a lease: one per retailer delivery, funded when staff completed it; a lease delivered
 * without delivery records has one whole tranche (the cash price), funded with the lease.
 */
export function tranchesOf(checkout: CheckoutItem | undefined, lease: FundingRecord): LeaseTranche[] {
  if (!checkout?.lease) return [];
  const funded = new Map((lease.fundedTranches ?? []).map((t) => [t.id, t]));
  const deliveries = checkout.fulfilment?.deliveries ?? [];
  if (deliveries.length) {
    return deliveries.map((d) => ({
      id: d.id,
      amountCents: d.amountCents,
      funded: funded.has(d.id),
      deliveredAt: d.deliveredAt,
      recordedAt: d.recordedAt,
      by: d.by,
      items: d.items,
      fundedAt: funded.get(d.id)?.at ?? null,
      fundedBy: funded.get(d.id)?.by.name ?? null,
    }));
  }
  const delivered =
    lease.status.delivered ||
    lease.status.code === 'G' ||
    lease.status.code === 'L' ||
    Boolean(checkout.delivery?.deliveredAt);
  if (!delivered) return [];
  const whole = funded.get(WHOLE_TRANCHE);
  return [
    {
      id: WHOLE_TRANCHE,
      amountCents: checkout.lease.computation.cashPrice,
      funded: Boolean(whole) || Boolean(lease.fundedAt),
      deliveredAt: checkout.delivery?.deliveredAt ?? lease.rogDate,
      recordedAt: null,
      by: null,
      items: checkout.lease.computation.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
      fundedAt: whole?.at ?? lease.fundedAt,
      fundedBy: whole?.by.name ?? null,
    },
  ];
}

/** The funding facts of the status machine: only a lease with delivery records has them (see LeaseFacts.funding). */
export function fundingFactsOf(
  checkout: CheckoutItem | undefined,
  lease: FundingRecord,
  fundingNow: readonly string[] = [],
) {
  if (!checkout?.lease || !checkout.fulfilment?.deliveries.length) return undefined;
  const tranches = tranchesOf(checkout, lease).map((t) => (fundingNow.includes(t.id) ? { ...t, funded: true } : t));
  return fundingFacts(tranches, fulfilmentOf(checkout).undelivered);
}

export function leaseFactsOf(
  checkout: CheckoutItem | undefined,
  lease: Pick<LeaseRecordData, 'signedByStaffAt' | 'discardedRevision'> & Partial<FundingRecord>,
): LeaseFacts {
  const revision = checkout?.lease?.revision ?? null;
  // Discarding voids the contract's signature or envelope; the terms stay calculated (recalculate, then sign again).
  const discarded = revision !== null && lease.discardedRevision === revision;
  const hasContract = Boolean(checkout?.lease);
  const esignSigned = checkout?.esign?.status === 'completed' && checkout.esign.leaseRevision === revision;
  const signed = hasContract && !discarded && (esignSigned || Boolean(lease.signedByStaffAt));
  const esignPending = hasContract && !discarded && checkout?.esign?.status === 'sent';
  const due = checkout?.lease ? Math.max(0, checkout.lease.computation.actualDownPayment - checkout.paidCents) : 0;
  const funding = lease.status ? fundingFactsOf(checkout, lease as FundingRecord) : undefined;
  return { hasContract, esignPending, signed, downPaymentDue: due > 0, ...(funding ? { funding } : {}) };
}

/** The list row of a lease record (English labels; readers translate the status label). */
export function rowOf(
  app: ApplicationRecord,
  lease: LeaseRecordData,
  checkout: CheckoutItem | undefined,
  store: StoreView | undefined,
): ApplicationRow {
  const decision = decisionOf(app);
  const offers = decision
    ? {
        A: centsToDecimal(decision.offers.A),
        B: centsToDecimal(decision.offers.B),
        C: centsToDecimal(decision.offers.C),
        D: centsToDecimal(decision.offers.D),
      }
    : null;
  const facts = leaseFactsOf(checkout, lease);
  const code = lease.status.code;
  return {
    id: app.uuid,
    uuid: app.uuid,
    applicant_name: applicantNameOf(app),
    store_id: app.storeId,
    store_name: store?.name ?? app.storeId,
    retailer_id: app.retailerId,
    retailer_name: store?.retailer.name ?? app.retailerId,
    created_at: app.createdAt,
    submitted_at: app.submittedAt ?? null,
    result_code: decision?.code ?? null,
    approval_amount: decision ? centsToDecimal(decision.approvalCents) : null,
    offers,
    status: code,
    status_label: leasePlaceLabel('en', code, lease.status.delivered),
    delivered: lease.status.delivered,
    state_changed_at: lease.stateChangedAt,
    source: sourceOf(app, checkout),
    step: stepOf(app, checkout),
    checkout_id: app.checkoutId ?? checkout?.id ?? null,
    lease_number: leaseNumberOf(checkout),
    loan_number: loanNumberOf(app.uuid),
    lease_amount: checkout?.lease ? centsToDecimal(checkout.lease.computation.totalPayment) : null,
    term_months: checkout?.lease ? checkout.lease.computation.termMonths : null,
    delivery_date: lease.deliveryDate,
    has_contract: facts.hasContract,
    // A contract waits for the shopper's signature unless it is signed or was discarded (a new one is needed).
    requires_acceptance:
      facts.hasContract && !facts.signed && !(checkout?.lease && lease.discardedRevision === checkout.lease.revision),
    claimed_by: lease.claim ? { user_id: lease.claim.user_id, name: lease.claim.name, at: lease.claim.at } : null,
    partially_delivered: Boolean(checkout?.fulfilment?.deliveries.length) && fulfilmentOf(checkout!).undelivered > 0,
    funding_due: dueOf(tranchesOf(checkout, lease)),
  };
}

function dueOf(tranches: readonly LeaseTranche[]): string | null {
  const due = tranches.filter((t) => !t.funded).reduce((n, t) => n + t.amountCents, 0);
  return due > 0 ? centsToDecimal(due) : null;
}

/** A shopper, retailer or decision fact that moves the status, once (its marker is kept on the record). */
export interface PendingFact {
  marker: string;
  type: LeaseAction;
  /** Facts the fact itself establishes (an e-sign completion: the contract is signed). */
  override?: Partial<LeaseFacts>;
  name: string;
  actor: 'shopper' | 'retailer' | 'system' | 'vendor';
  at: string;
  note: string | null;
}

/** The facts of the application and its checkout, in the order they happened. */
export function factsOf(app: ApplicationRecord, checkout: CheckoutItem | undefined): PendingFact[] {
  const out: PendingFact[] = [];
  const decision = decisionOf(app);
  if (decision && app.decidedAt && (app.status === 'approved' || app.status === 'denied')) {
    out.push({
      marker: `decision:${app.decidedAt}`,
      type: app.status === 'approved' ? 'lease.approve' : 'lease.decline',
      name: 'decision',
      actor: 'system',
      at: app.decidedAt,
      note: `${decision.code}${decision.reasons?.length ? `: ${decision.reasons.map((r) => r.code).join(', ')}` : ''}`,
    });
  }
  if (checkout) {
    const esign = checkout.esign;
    if (
      esign?.status === 'completed' &&
      esign.completedAt &&
      checkout.lease &&
      esign.leaseRevision === checkout.lease.revision
    ) {
      out.push({
        marker: `esign:${esign.envelopeId}`,
        type: 'lease.setContractSigned',
        override: { hasContract: true, esignPending: false, signed: true },
        name: 'esign.completed',
        actor: 'vendor',
        at: esign.completedAt,
        note: esign.envelopeId,
      });
    }
    const records = checkout.fulfilment?.deliveries ?? [];
    const delivered = checkout.delivery?.deliveredAt;
    if (records.length) {
      // Each retailer delivery (issue 13: partial delivery), in the order they were recorded; its note names the units.
      const units = (items: { sku: string; quantity: number }[]) =>
        items.map((i) => `${i.quantity} x ${i.sku}`).join(', ');
      for (const d of records) {
        out.push({
          marker: `delivery:${d.id}`,
          type: 'lease.deliveryConfirmed',
          name: d.remainingUnits > 0 ? 'delivery.partial' : 'delivery.confirmed',
          actor: d.by === 'staff' ? 'system' : 'retailer',
          at: d.recordedAt,
          note: `${d.id}: ${units(d.items)} (${centsToDecimal(d.amountCents)})`,
        });
      }
      for (const c of checkout.fulfilment?.cancellations ?? []) {
        out.push({
          marker: `cancellation:${c.id}`,
          type: 'lease.itemsCancelled',
          name: 'items.cancelled',
          actor: 'retailer',
          at: c.at,
          note: `${c.id}: ${units(c.items)}${c.reason ? ` (${c.reason})` : ''}`,
        });
      }
    } else if (delivered) {
      out.push({
        marker: `delivered:${delivered}`,
        type: 'lease.deliveryConfirmed',
        name: 'delivery.confirmed',
        actor: 'retailer',
        at: delivered,
        note: null,
      });
    }
    const ended =
      checkout.cancelledAt ??
      (checkout.current_step === 11 || checkout.current_step === 12 ? checkout.updatedAt : null);
    if (ended && (checkout.current_step === 11 || checkout.current_step === 12)) {
      out.push({
        marker: `cancelled:${checkout.id}`,
        type: 'lease.changedMind',
        name: checkout.current_step === 11 ? 'checkout.voided' : 'checkout.cancelled',
        actor: 'retailer',
        at: ended,
        note: null,
      });
    }
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Timeline-only facts (no status change): payments. */
export function paymentNotesOf(
  checkout: CheckoutItem | undefined,
): { marker: string; name: string; at: string; note: string }[] {
  if (!checkout) return [];
  return checkout.payments
    .filter((p) => p.status === 'succeeded' || p.status === 'declined')
    .map((p) => ({
      marker: `payment:${p.chargeId ?? p.idempotencyKey}:${p.status}`,
      name: `payment.${p.status}`,
      at: p.settledAt ?? p.startedAt,
      note: `${centsToDecimal(p.amountCents)}${p.card ? ` ${p.card.brand} ****${p.card.last4}` : ''}`,
    }));
}

/**
 * The partitions both lists file a row under. A status within a store or a retailer is a partition of its own: a
 * tenant's filtered page is one Query too.
 */
function tenantStatusScopes(row: ApplicationRow): string[] {
  const status = row.status === 'Y' && row.delivered ? 'Ydelivered' : row.status;
  return [
    '*',
    `store=${row.store_id}`,
    `retailer=${row.retailer_id}`,
    `status=${status}`,
    `status=${status}&store=${row.store_id}`,
    `status=${status}&retailer=${row.retailer_id}`,
  ];
}

/** The list partitions a row belongs to. */
export function applicationScopes(row: ApplicationRow): string[] {
  const scopes = tenantStatusScopes(row);
  if (row.result_code) scopes.push(`result=${row.result_code}`);
  return scopes;
}

export function leaseScopes(row: ApplicationRow): string[] {
  if (!row.has_contract && !row.lease_number) return [];
  return [...tenantStatusScopes(row), `requires_acceptance=${row.requires_acceptance}`];
}

/** The queues a row waits in under the queue configuration (Queue Management), with the tenant partitions of each. */
export function queueScopes(row: ApplicationRow, config: QueueConfig = DEFAULT_QUEUE_CONFIG): string[] {
  const key = row.status === 'Y' && row.delivered ? 'Y.delivered' : row.status;
  return queuesForStatus(config, key).flatMap((queue) => [
    `queue=${queue}`,
    `queue=${queue}&store=${row.store_id}`,
    `queue=${queue}&retailer=${row.retailer_id}`,
  ]);
}

/** The queue ids of a list of queue scopes. */
export const queuesOfScopes = (scopes: readonly string[]) =>
  scopes.filter((s) => !s.includes('&')).map((s) => s.slice('queue='.length));
