// Partial delivery and partial funding (issue 13): a retailer delivers the items of a completed checkout in one or
// more deliveries, or cancels what it will never deliver; the lender funds each delivery as a tranche of the financed
// amount, and the shopper's lease follows what was actually delivered. Pure: the server reads the checkout, asks
// these rules, and applies the result through the checkout and lease-status machines. All money in integer cents.
//
// The lines are the contracted items (the lease computation's items, after the delivery lookup removed what could not
// be delivered), one per sku, each worth its total (unit price x quantity plus its required parts).
//
// Tranches: the financed amount F is the cash price (items, plus the delivery charge; what the lender pays the
// retailer, as a whole delivery always funded). A delivery's tranche is its lines' share of F, delivery charge and
// parts pro rata to the lines' value, computed cumulatively: after k deliveries the tranches add up to
// round(F x deliveredValue / contractValue), so each tranche is that minus the earlier ones. The delivery that
// completes the checkout therefore takes the rounding remainder and the tranches sum to F exactly; after a
// cancellation they sum to the delivered share of F.
import type { Cents } from './money.ts';

/** A contracted line: what the lease financed for one sku. */
export interface DeliveryLine {
  sku: string;
  description: string;
  quantity: number;
  /** The line's value in the contract: unit price x quantity plus its required parts. */
  totalCents: Cents;
}

export interface LineQuantity {
  sku: string;
  quantity: number;
}

/** A confirmed delivery as stored on the checkout. */
export interface DeliveryRecordLike {
  id: string;
  items: LineQuantity[];
  /** The delivery's funding tranche. */
  amountCents: Cents;
}

export interface CancellationRecordLike {
  id: string;
  items: LineQuantity[];
}

export interface LineState extends DeliveryLine {
  delivered: number;
  cancelled: number;
  undelivered: number;
}

/** Each line with its delivered, cancelled and still undelivered units. */
export function lineStates(
  lines: readonly DeliveryLine[],
  deliveries: readonly { items: LineQuantity[] }[],
  cancellations: readonly { items: LineQuantity[] }[],
): LineState[] {
  const sum = (records: readonly { items: LineQuantity[] }[], sku: string) =>
    records.reduce((n, r) => n + r.items.filter((i) => i.sku === sku).reduce((m, i) => m + i.quantity, 0), 0);
  return lines.map((line) => {
    const delivered = sum(deliveries, line.sku);
    const cancelled = sum(cancellations, line.sku);
    return { ...line, delivered, cancelled, undelivered: Math.max(0, line.quantity - delivered - cancelled) };
  });
}

export const undeliveredUnits = (states: readonly LineState[]) => states.reduce((n, l) => n + l.undelivered, 0);

export type QuantityProblem =
  | { code: 'unknownSku'; sku: string; index: number }
  | { code: 'duplicateSku'; sku: string; index: number }
  | { code: 'tooMany'; sku: string; index: number; asked: number; undelivered: number }
  | { code: 'nothingUndelivered' };

export type QuantityCheck = { ok: true; items: LineQuantity[] } | { ok: false; problems: QuantityProblem[] };

/**
 * Which units a delivery (or a cancellation) takes: the lines asked for, each at most its undelivered units; none
 * asked means every undelivered unit. Refuses an unknown or repeated sku and more than is undelivered.
 */
export function takeUndelivered(
  states: readonly LineState[],
  asked: readonly LineQuantity[] | undefined,
): QuantityCheck {
  if (!asked || asked.length === 0) {
    const items = states.filter((l) => l.undelivered > 0).map((l) => ({ sku: l.sku, quantity: l.undelivered }));
    return items.length ? { ok: true, items } : { ok: false, problems: [{ code: 'nothingUndelivered' }] };
  }
  const problems: QuantityProblem[] = [];
  const seen = new Set<string>();
  asked.forEach((item, index) => {
    const line = states.find((l) => l.sku === item.sku);
    if (!line) problems.push({ code: 'unknownSku', sku: item.sku, index });
    else if (seen.has(item.sku)) problems.push({ code: 'duplicateSku', sku: item.sku, index });
    else if (item.quantity > line.undelivered)
      problems.push({ code: 'tooMany', sku: item.sku, index, asked: item.quantity, undelivered: line.undelivered });
    seen.add(item.sku);
  });
  return problems.length
    ? { ok: false, problems }
    : { ok: true, items: asked.map((i) => ({ sku: i.sku, quantity: i.quantity })) };
}

/** round(F x value / total) with value = sum of line totals x units / quantity, exactly (BigInt, half up). */
function shareOf(financedCents: Cents, lines: readonly DeliveryLine[], units: ReadonlyMap<string, number>): Cents {
  const contract = lines.reduce((n, l) => n + l.totalCents, 0);
  if (contract <= 0 || financedCents <= 0) return 0;
  // A common denominator of every line's quantity keeps the fraction exact.
  const denominator = [...new Set(lines.map((l) => l.quantity))].reduce((d, q) => d * BigInt(q), 1n);
  const numerator = lines.reduce(
    (n, l) => n + BigInt(l.totalCents) * BigInt(units.get(l.sku) ?? 0) * (denominator / BigInt(l.quantity)),
    0n,
  );
  const scale = BigInt(contract) * denominator;
  return Number((2n * BigInt(financedCents) * numerator + scale) / (2n * scale));
}

const unitsOf = (records: readonly { items: LineQuantity[] }[]) => {
  const out = new Map<string, number>();
  for (const r of records) for (const i of r.items) out.set(i.sku, (out.get(i.sku) ?? 0) + i.quantity);
  return out;
};

/**
 * The tranche of a new delivery, given the deliveries before it (their tranches as stored): the cumulative share
 * after it minus what the earlier tranches already carry.
 */
export function trancheFor(
  financedCents: Cents,
  lines: readonly DeliveryLine[],
  earlier: readonly DeliveryRecordLike[],
  delivering: readonly LineQuantity[],
): Cents {
  const after = shareOf(financedCents, lines, unitsOf([...earlier, { items: [...delivering] }]));
  return Math.max(0, after - earlier.reduce((n, d) => n + d.amountCents, 0));
}

/** The delivered share of the financed amount (what the tranches add up to). */
export const deliveredShare = (
  financedCents: Cents,
  lines: readonly DeliveryLine[],
  deliveries: readonly { items: LineQuantity[] }[],
) => shareOf(financedCents, lines, unitsOf(deliveries));

/** The cancelled lines' share of the financed amount (the cash price the shopper no longer leases). */
export const cancelledShare = (
  financedCents: Cents,
  lines: readonly DeliveryLine[],
  cancellations: readonly { items: LineQuantity[] }[],
) =>
  cancellations.length ? financedCents - shareOf(financedCents, lines, complementOf(lines, unitsOf(cancellations))) : 0;

function complementOf(lines: readonly DeliveryLine[], taken: ReadonlyMap<string, number>) {
  return new Map(lines.map((l) => [l.sku, Math.max(0, l.quantity - (taken.get(l.sku) ?? 0))]));
}

// ---------- funding ----------

export interface TrancheState {
  id: string;
  amountCents: Cents;
  funded: boolean;
}

/** What the lease-status machine's funding guards read (machines/lease-status): is a tranche due, is anything undelivered. */
export interface FundingFacts {
  fundingDue: boolean;
  undelivered: boolean;
}

export function fundingFacts(tranches: readonly TrancheState[], undelivered: number): FundingFacts {
  return { fundingDue: tranches.some((t) => !t.funded), undelivered: undelivered > 0 };
}

export type FundingPick =
  { ok: true; ids: string[]; cents: Cents } | { ok: false; code: 'unknownTranche' | 'alreadyFunded' | 'nothingDue' };

/** The tranches a funding completes: the one named, or every tranche due. */
export function pickTranches(tranches: readonly TrancheState[], trancheId: string | undefined): FundingPick {
  if (trancheId !== undefined) {
    const t = tranches.find((x) => x.id === trancheId);
    if (!t) return { ok: false, code: 'unknownTranche' };
    if (t.funded) return { ok: false, code: 'alreadyFunded' };
    return { ok: true, ids: [t.id], cents: t.amountCents };
  }
  const due = tranches.filter((t) => !t.funded);
  if (!due.length) return { ok: false, code: 'nothingDue' };
  return { ok: true, ids: due.map((t) => t.id), cents: due.reduce((n, t) => n + t.amountCents, 0) };
}

// ---------- the shopper's lease after a cancellation ----------

export interface LeaseFigures {
  cashPrice: Cents;
  /** The leased amount (cash price less what was paid at signing and not leased). */
  effectiveCashPrice: Cents;
  numPayments: number;
  /** Rent per payment (without the protection plan). */
  paymentAmount: Cents;
  /** The protection plan per payment (unchanged by a cancellation: it covers the lease, not the goods). */
  waiver: Cents;
  totalPayment: Cents;
  /** Payments paid at signing (1 for options A, C, D). */
  prePaidPayments: number;
}

export interface LeaseAdjustment {
  cancelledCashPrice: Cents;
  leasedBefore: Cents;
  leasedAfter: Cents;
  paymentBefore: Cents;
  paymentAfter: Cents;
  totalBefore: Cents;
  totalAfter: Cents;
  /** The prepaid payments' excess over the new rent, credited against the next payments. */
  prepaidCredit: Cents;
  /** Cancelled cash price beyond the leased amount (it was paid at signing): owed back to the shopper. */
  refundCents: Cents;
}

/**
 * The lease after the retailer cancelled undelivered goods: the cancelled cash price comes off the leased amount,
 * and the rent scales with it (same multiplier, same number of payments), so the shopper pays for what was delivered.
 * The signed contract stays as signed; this is the amendment servicing applies to the payments not yet collected.
 */
export function adjustLease(lease: LeaseFigures, cancelledCashPrice: Cents): LeaseAdjustment {
  const leasedBefore = lease.effectiveCashPrice;
  const leasedAfter = Math.max(0, leasedBefore - cancelledCashPrice);
  const paymentAfter =
    leasedBefore > 0
      ? Number(
          (2n * BigInt(lease.paymentAmount) * BigInt(leasedAfter) + BigInt(leasedBefore)) / (2n * BigInt(leasedBefore)),
        )
      : 0;
  return {
    cancelledCashPrice,
    leasedBefore,
    leasedAfter,
    paymentBefore: lease.paymentAmount,
    paymentAfter,
    totalBefore: lease.totalPayment,
    totalAfter: paymentAfter * lease.numPayments,
    prepaidCredit: lease.prePaidPayments * (lease.paymentAmount - paymentAfter),
    refundCents: Math.max(0, cancelledCashPrice - leasedBefore),
  };
}
