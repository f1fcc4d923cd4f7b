import type { Cents } from '../money.ts';
import { daysBetween } from '../payment-frequency.ts';
import type { Installment, ServicingSchedule } from './schedule.ts';

// The lease's ledger (issue 22): append-only entries (payments, fees, waivers, reversals, refunds, the early purchase
// payoff, a termination by return, a charge-off, a reinstatement, a settlement), each in integer cents and dated with
// an ISO date; balances are never stored as truth but derived from the entries (deriveAccount).
//
// Allocation: each payment is split over installments (which installment got how much, and of which component), as
// Apache Fineract maps a transaction to installments. The order (docs/decisions.md, issue 22):
//   1. installments already due, oldest first, rent before the protection plan (OCP) within each;
//   2. then fees (late, return), oldest first: rent comes before fees so that an unpaid fee can never make a later
//      rent payment late (no pyramiding of late fees);
//   3. then installments not yet due, in order (paying ahead);
//   4. anything left is a credit (refundable; the API refuses a payment above what is owed, so this is rare).
// The allocation is stored on the entry when it is posted (the record of what happened), and deriveAccount replays
// the entries in order with the same rule, leaving out payments that a reversal took back, so the balances after a
// reversal are exactly those of a ledger in which the reversed payment never happened. A reversal is a new entry that
// names the payment it takes back; nothing is ever edited.

export type PaymentMethod = 'card' | 'bank' | 'phone' | 'cash_at_store' | 'signing';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'bank', 'phone', 'cash_at_store', 'signing'];

export type FeeType = 'late' | 'return';

export type AllocationComponent = 'rent' | 'ocp' | 'fee' | 'purchase' | 'credit' | 'forgiven';

/** How much of an entry went where. `installment` is null for a credit, a purchase price or a forgiven balance. */
export interface Allocation {
  installment: number | null;
  component: AllocationComponent;
  cents: Cents;
  /** For a fee component: the fee entry paid. */
  feeId?: string;
}

interface EntryBase {
  /** Unique within the lease (the storage key's suffix). */
  id: string;
  /** The lender's business date on which it took effect, 'YYYY-MM-DD'. */
  date: string;
}

export interface PaymentEntry extends EntryBase {
  kind: 'payment';
  cents: Cents;
  method: PaymentMethod;
  /** The payment attempt (idempotency key) that collected it, for debits the platform initiated. */
  attemptKey?: string;
  allocations: Allocation[];
}

export interface FeeEntry extends EntryBase {
  kind: 'fee';
  fee: FeeType;
  cents: Cents;
  /** The installment whose lateness (or returned debit) caused it. */
  installment: number | null;
  /** A return fee: the returned payment it is charged for (one at most per returned debit). */
  paymentId?: string;
}

export interface WaiverEntry extends EntryBase {
  kind: 'waiver';
  /** The fee waived (in part or whole). */
  feeId: string;
  cents: Cents;
}

export interface ReversalEntry extends EntryBase {
  kind: 'reversal';
  /** The payment, payoff or settlement taken back. */
  paymentId: string;
  cents: Cents;
  /** The NACHA return code or card decline code, when the bank or card network sent one. */
  returnCode: string | null;
  reason: 'ach_return' | 'chargeback' | 'error';
  /** The allocations taken back (the reversed entry's, as posted). */
  allocations: Allocation[];
}

export interface RefundEntry extends EntryBase {
  kind: 'refund';
  cents: Cents;
  method: PaymentMethod;
}

export interface PayoffEntry extends EntryBase {
  kind: 'payoff';
  cents: Cents;
  method: PaymentMethod;
  /** The quote it paid (payoff.ts). */
  quote: { purchaseCents: Cents; feesCents: Cents; validUntil: string };
  allocations: Allocation[];
}

export interface ReturnEntry extends EntryBase {
  kind: 'return';
}

export interface ChargeOffEntry extends EntryBase {
  kind: 'charge_off';
  /** The balance written off (what was owed then). */
  cents: Cents;
}

export interface ReinstatementEntry extends EntryBase {
  kind: 'reinstatement';
}

export interface SettlementEntry extends EntryBase {
  kind: 'settlement';
  /** Paid to settle. */
  cents: Cents;
  method: PaymentMethod;
  /** What the lender forgave. */
  forgivenCents: Cents;
  allocations: Allocation[];
}

export type LedgerEntry =
  | PaymentEntry
  | FeeEntry
  | WaiverEntry
  | ReversalEntry
  | RefundEntry
  | PayoffEntry
  | ReturnEntry
  | ChargeOffEntry
  | ReinstatementEntry
  | SettlementEntry;

export type LedgerEntryKind = LedgerEntry['kind'];

/** Entries that move money in from the lessee (a reversal can take them back). */
export type MoneyInEntry = PaymentEntry | PayoffEntry | SettlementEntry;
export const isMoneyIn = (entry: LedgerEntry): entry is MoneyInEntry =>
  entry.kind === 'payment' || entry.kind === 'payoff' || entry.kind === 'settlement';

// ---------- derived account ----------

export type InstallmentState = 'paid' | 'partially_paid' | 'upcoming' | 'due' | 'past_due' | 'cancelled';

export interface InstallmentStatus extends Installment {
  rentPaidCents: Cents;
  ocpPaidCents: Cents;
  paidCents: Cents;
  /** amount - paid (0 when cancelled). */
  unpaidCents: Cents;
  status: InstallmentState;
}

export interface FeeStatus {
  id: string;
  fee: FeeType;
  date: string;
  installment: number | null;
  cents: Cents;
  waivedCents: Cents;
  paidCents: Cents;
  outstandingCents: Cents;
}

export type DelinquencyBucket = '1-30' | '31-60' | '61-90' | '90+';
export const DELINQUENCY_BUCKETS: readonly DelinquencyBucket[] = ['1-30', '31-60', '61-90', '90+'];

/** How the account ended (or `open`): the last closing entry not undone by a reinstatement, or ownership. */
export type AccountClosure = 'open' | 'paid_out' | 'purchased_early' | 'returned' | 'charged_off' | 'settled';

export interface NextPayment {
  installment: number;
  dueDate: string;
  collectionDate: string;
  /** What is still unpaid of it. */
  amountCents: Cents;
}

export interface DerivedAccount {
  asOf: string;
  installments: InstallmentStatus[];
  fees: FeeStatus[];
  /** Each money-in entry's allocation as the replay gives it today (reversed ones: empty). */
  allocations: Record<string, Allocation[]>;
  /** Ids of the entries a reversal took back. */
  reversedIds: string[];
  rentPaidCents: Cents;
  ocpPaidCents: Cents;
  feesPaidCents: Cents;
  /** Everything received, net of reversals and refunds. */
  totalPaidCents: Cents;
  /** Installments due by today still unpaid, plus fees outstanding. */
  amountDueNowCents: Cents;
  /** Installments whose collection date has passed, unpaid (fees not included). */
  pastDueCents: Cents;
  outstandingFeesCents: Cents;
  /** Days since the collection date of the oldest installment past due; 0 when none is. */
  daysPastDue: number;
  bucket: DelinquencyBucket | null;
  /** Rent still to pay to own the goods at term (0 once owned or closed by purchase or settlement). */
  remainingToOwnershipCents: Cents;
  /** Everything still owed to term: unpaid installments (rent + OCP) not cancelled, plus fees outstanding. */
  remainingScheduledCents: Cents;
  nextPayment: NextPayment | null;
  /** Received and not owed (refundable). */
  creditCents: Cents;
  closure: AccountClosure;
  /** The date of the closing entry (or of the payment that completed ownership). */
  closedOn: string | null;
  chargedOffCents: Cents;
  forgivenCents: Cents;
}

export function bucketFor(daysPastDue: number): DelinquencyBucket | null {
  if (daysPastDue <= 0) return null;
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '90+';
}

/** The working balances of a replay; allocatePayment reads and derives them. */
interface Balances {
  rentPaid: Map<number, Cents>;
  ocpPaid: Map<number, Cents>;
  fees: FeeStatus[];
  /** Installments after this number are cancelled (a return); null = none. */
  cancelledAfter: string | null;
}

function outstandingOf(i: Installment, b: Balances) {
  const rent = i.rentCents - (b.rentPaid.get(i.number) ?? 0);
  const ocp = i.ocpCents - (b.ocpPaid.get(i.number) ?? 0);
  return { rent: Math.max(0, rent), ocp: Math.max(0, ocp) };
}

const cancelled = (i: Installment, b: Balances) => b.cancelledAfter !== null && i.dueDate > b.cancelledAfter;

/** Splits an amount by the allocation order above (pure: reads the balances, changes nothing). */
function allocateAgainst(
  installments: readonly Installment[],
  balances: Balances,
  cents: Cents,
  date: string,
  options: { includeFuture: boolean } = { includeFuture: true },
): Allocation[] {
  const out: Allocation[] = [];
  let left = cents;
  const take = (installment: number | null, component: AllocationComponent, available: Cents, feeId?: string) => {
    const c = Math.min(left, available);
    if (c > 0) {
      out.push(feeId ? { installment, component, cents: c, feeId } : { installment, component, cents: c });
      left -= c;
    }
  };
  const open = installments.filter((i) => !cancelled(i, balances));
  const pay = (i: Installment) => {
    const o = outstandingOf(i, balances);
    take(i.number, 'rent', o.rent);
    take(i.number, 'ocp', o.ocp);
  };
  for (const i of open) if (i.dueDate <= date && left > 0) pay(i);
  for (const f of balances.fees) if (left > 0) take(f.installment, 'fee', f.outstandingCents, f.id);
  if (options.includeFuture) for (const i of open) if (i.dueDate > date && left > 0) pay(i);
  if (left > 0) out.push({ installment: null, component: 'credit', cents: left });
  return out;
}

function applyAllocations(balances: Balances, allocations: readonly Allocation[], sign: 1 | -1) {
  for (const a of allocations) {
    if (a.installment !== null && a.component === 'rent')
      balances.rentPaid.set(a.installment, (balances.rentPaid.get(a.installment) ?? 0) + sign * a.cents);
    else if (a.installment !== null && a.component === 'ocp')
      balances.ocpPaid.set(a.installment, (balances.ocpPaid.get(a.installment) ?? 0) + sign * a.cents);
    else if (a.component === 'fee') {
      const fee = balances.fees.find((f) => f.id === a.feeId);
      if (fee) {
        fee.paidCents += sign * a.cents;
        fee.outstandingCents = fee.cents - fee.waivedCents - fee.paidCents;
      }
    }
  }
}

/** Entries in effect order: by date, then as appended (the array order). */
export function inEffectOrder(entries: readonly LedgerEntry[]): LedgerEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : a.index - b.index))
    .map((x) => x.entry);
}

/**
 * The balances a replay of the ledger leaves (what each installment and fee has been paid, how the account ended),
 * in a form that can be stored: the server keeps them on the account item as its cache and folds each new entry into
 * them, then reads the account of any day from them with accountFromBalances, without reading the whole ledger.
 */
export interface LedgerBalances {
  /** Rent paid per installment number. */
  rentPaid: Record<number, Cents>;
  /** Protection plan paid per installment number. */
  ocpPaid: Record<number, Cents>;
  fees: FeeStatus[];
  /** Installments due after this date are cancelled (a return, a purchase); null = none. */
  cancelledAfter: string | null;
  creditCents: Cents;
  /** Everything received, net of reversals and refunds. */
  receivedCents: Cents;
  closure: AccountClosure;
  closedOn: string | null;
  chargedOffCents: Cents;
  forgivenCents: Cents;
}

const toBalances = (b: LedgerBalances): Balances => ({
  rentPaid: new Map(Object.entries(b.rentPaid).map(([n, c]) => [Number(n), c])),
  ocpPaid: new Map(Object.entries(b.ocpPaid).map(([n, c]) => [Number(n), c])),
  fees: b.fees.map((f) => ({ ...f })),
  cancelledAfter: b.cancelledAfter,
});

/**
 * The account as of `today` from the balances of a replay (deriveAccount's own last step, exported so that the
 * server reads its cached balances with the same rule).
 */
export function accountFromBalances(
  schedule: ServicingSchedule,
  ledger: LedgerBalances,
  today: string,
  replay: { allocations: Record<string, Allocation[]>; reversedIds: string[] } = { allocations: {}, reversedIds: [] },
): DerivedAccount {
  return accountOf(schedule, toBalances(ledger), ledger, today, replay);
}

function accountOf(
  schedule: ServicingSchedule,
  balances: Balances,
  ledger: Omit<LedgerBalances, 'rentPaid' | 'ocpPaid' | 'fees' | 'cancelledAfter'>,
  today: string,
  replay: { allocations: Record<string, Allocation[]>; reversedIds: string[] },
): DerivedAccount {
  const installments = schedule.installments;
  const rentOwed = installments.reduce(
    (sum, i) => sum + (cancelled(i, balances) ? 0 : outstandingOf(i, balances).rent),
    0,
  );
  const closure: AccountClosure = ledger.closure === 'open' && rentOwed === 0 ? 'paid_out' : ledger.closure;
  const closedOn = ledger.closedOn;

  const ended = closure === 'purchased_early' || closure === 'settled';
  const statuses = installments.map((i): InstallmentStatus => {
    const rentPaid = balances.rentPaid.get(i.number) ?? 0;
    const ocpPaid = balances.ocpPaid.get(i.number) ?? 0;
    const paid = rentPaid + ocpPaid;
    // A purchase or a settlement ends every obligation; a return those due after it.
    const isCancelled = (ended || cancelled(i, balances)) && paid < i.amountCents;
    const unpaid = isCancelled ? 0 : Math.max(0, i.amountCents - paid);
    let status: InstallmentState;
    if (unpaid === 0 && !isCancelled) status = 'paid';
    else if (isCancelled) status = 'cancelled';
    else if (i.collectionDate < today) status = 'past_due';
    else if (i.dueDate <= today) status = 'due';
    else if (paid > 0) status = 'partially_paid';
    else status = 'upcoming';
    return { ...i, rentPaidCents: rentPaid, ocpPaidCents: ocpPaid, paidCents: paid, unpaidCents: unpaid, status };
  });
  const outstandingFees = ended ? 0 : balances.fees.reduce((s, f) => s + Math.max(0, f.outstandingCents), 0);
  const pastDue = statuses.filter((s) => s.status === 'past_due');
  const oldest = pastDue[0];
  const daysPastDue = oldest ? daysBetween(oldest.collectionDate, today) : 0;
  const next = statuses.find((s) => s.unpaidCents > 0 && s.collectionDate >= today);
  const sum = (list: readonly InstallmentStatus[], f: (s: InstallmentStatus) => number) =>
    list.reduce((n, s) => n + f(s), 0);
  return {
    asOf: today,
    installments: statuses,
    fees: balances.fees,
    allocations: replay.allocations,
    reversedIds: replay.reversedIds,
    rentPaidCents: sum(statuses, (s) => s.rentPaidCents),
    ocpPaidCents: sum(statuses, (s) => s.ocpPaidCents),
    feesPaidCents: balances.fees.reduce((s, f) => s + f.paidCents, 0),
    totalPaidCents: ledger.receivedCents,
    amountDueNowCents:
      sum(
        statuses.filter((s) => s.dueDate <= today),
        (s) => s.unpaidCents,
      ) + outstandingFees,
    pastDueCents: sum(pastDue, (s) => s.unpaidCents),
    outstandingFeesCents: outstandingFees,
    daysPastDue,
    bucket: bucketFor(daysPastDue),
    remainingToOwnershipCents: ended
      ? 0
      : sum(
          statuses.filter((s) => s.status !== 'cancelled'),
          (s) => Math.max(0, s.rentCents - s.rentPaidCents),
        ),
    remainingScheduledCents: sum(statuses, (s) => s.unpaidCents) + outstandingFees,
    nextPayment: next
      ? {
          installment: next.number,
          dueDate: next.dueDate,
          collectionDate: next.collectionDate,
          amountCents: next.unpaidCents,
        }
      : null,
    creditCents: ledger.creditCents,
    closure,
    closedOn: closure === 'open' ? null : closedOn,
    chargedOffCents: ledger.chargedOffCents,
    forgivenCents: ledger.forgivenCents,
  };
}

/**
 * Re-derives the account from the schedule and the entries as of `today` (the lender's business date). Pure and
 * exact: the same entries always give the same balances, and a reversed payment counts as never made.
 */
export function deriveAccount(
  schedule: ServicingSchedule,
  entries: readonly LedgerEntry[],
  today: string,
): DerivedAccount {
  // As of `today`: a reversal dated later has not happened yet.
  const reversedIds = new Set(entries.flatMap((e) => (e.kind === 'reversal' && e.date <= today ? [e.paymentId] : [])));
  const balances: Balances = { rentPaid: new Map(), ocpPaid: new Map(), fees: [], cancelledAfter: null };
  const allocations: Record<string, Allocation[]> = {};
  let credit = 0;
  let closure: AccountClosure = 'open';
  let closedOn: string | null = null;
  let chargedOff = 0;
  let forgiven = 0;
  let received = 0;
  const installments = schedule.installments;
  const rentOwed = () =>
    installments.reduce((sum, i) => sum + (cancelled(i, balances) ? 0 : outstandingOf(i, balances).rent), 0);

  for (const entry of inEffectOrder(entries.filter((e) => e.date <= today))) {
    switch (entry.kind) {
      case 'payment': {
        if (reversedIds.has(entry.id)) {
          allocations[entry.id] = [];
          break;
        }
        received += entry.cents;
        const a = allocateAgainst(installments, balances, entry.cents, entry.date);
        applyAllocations(balances, a, 1);
        credit += a.filter((x) => x.component === 'credit').reduce((s, x) => s + x.cents, 0);
        allocations[entry.id] = a;
        // Paying everything, even after a charge-off, makes the lessee the owner.
        if ((closure === 'open' || closure === 'charged_off') && rentOwed() === 0) {
          closure = 'paid_out';
          closedOn = entry.date;
        }
        break;
      }
      case 'payoff':
      case 'settlement': {
        if (reversedIds.has(entry.id)) {
          allocations[entry.id] = [];
          break;
        }
        received += entry.cents;
        // Fees and installments already due first (what is owed today), then the rest closes the lease.
        const a = allocateAgainst(installments, balances, entry.cents, entry.date, { includeFuture: false }).map(
          (x): Allocation => (x.component === 'credit' ? { ...x, component: 'purchase' } : x),
        );
        applyAllocations(balances, a, 1);
        if (entry.kind === 'settlement' && entry.forgivenCents > 0) {
          a.push({ installment: null, component: 'forgiven', cents: entry.forgivenCents });
          forgiven += entry.forgivenCents;
        }
        allocations[entry.id] = a;
        closure = entry.kind === 'payoff' ? 'purchased_early' : 'settled';
        closedOn = entry.date;
        balances.cancelledAfter = entry.date;
        break;
      }
      case 'fee': {
        balances.fees.push({
          id: entry.id,
          fee: entry.fee,
          date: entry.date,
          installment: entry.installment,
          cents: entry.cents,
          waivedCents: 0,
          paidCents: 0,
          outstandingCents: entry.cents,
        });
        break;
      }
      case 'waiver': {
        const fee = balances.fees.find((f) => f.id === entry.feeId);
        if (fee) {
          fee.waivedCents += entry.cents;
          fee.outstandingCents = fee.cents - fee.waivedCents - fee.paidCents;
        }
        break;
      }
      case 'reversal':
        // Its payment was left out of the replay; a reversal of an unknown entry changes nothing.
        break;
      case 'refund':
        credit -= entry.cents;
        received -= entry.cents;
        break;
      case 'return':
        closure = 'returned';
        closedOn = entry.date;
        balances.cancelledAfter = entry.date;
        break;
      case 'charge_off':
        closure = 'charged_off';
        closedOn = entry.date;
        chargedOff += entry.cents;
        break;
      case 'reinstatement':
        closure = 'open';
        closedOn = null;
        balances.cancelledAfter = null;
        break;
    }
  }
  return accountOf(
    schedule,
    balances,
    {
      creditCents: credit,
      receivedCents: received,
      closure,
      closedOn,
      chargedOffCents: chargedOff,
      forgivenCents: forgiven,
    },
    today,
    { allocations, reversedIds: [...reversedIds] },
  );
}

/**
 * How a new payment of `cents` on `date` would be allocated, given the ledger so far: the allocation to store on the
 * entry. The same rule deriveAccount replays, so the stored allocation and the derived one agree until a reversal.
 */
export function allocatePayment(
  schedule: ServicingSchedule,
  entries: readonly LedgerEntry[],
  cents: Cents,
  date: string,
  options: { includeFuture: boolean } = { includeFuture: true },
): Allocation[] {
  return allocateOn(schedule, deriveAccount(schedule, entries, date), cents, date, options);
}

/**
 * allocatePayment on an account already derived as of `date` (deriveAccount or accountFromBalances): the server
 * allocates against its cached balances with it.
 */
export function allocateOn(
  schedule: ServicingSchedule,
  account: DerivedAccount,
  cents: Cents,
  date: string,
  options: { includeFuture: boolean } = { includeFuture: true },
): Allocation[] {
  const balances: Balances = {
    rentPaid: new Map(account.installments.map((i) => [i.number, i.rentPaidCents])),
    ocpPaid: new Map(account.installments.map((i) => [i.number, i.ocpPaidCents])),
    fees: account.fees.map((f) => ({ ...f })),
    cancelledAfter:
      account.closure === 'returned' || account.closure === 'purchased_early' || account.closure === 'settled'
        ? account.closedOn
        : null,
  };
  const allocations = allocateAgainst(schedule.installments, balances, cents, date, options);
  return options.includeFuture
    ? allocations
    : allocations.map((a): Allocation => (a.component === 'credit' ? { ...a, component: 'purchase' } : a));
}

/**
 * How a payoff or a settlement of `cents` on `date` is allocated: fees and installments due by then first, the rest
 * to the purchase price (the same rule deriveAccount replays for these entries).
 */
export function allocateClosingPayment(
  schedule: ServicingSchedule,
  entries: readonly LedgerEntry[],
  cents: Cents,
  date: string,
): Allocation[] {
  return allocatePayment(schedule, entries, cents, date, { includeFuture: false });
}

/** The opening entry posted at funding: what the signing collected (prepaid installments and any extra). */
export function openingEntries(schedule: ServicingSchedule, id = 'signing'): LedgerEntry[] {
  const cents =
    schedule.installments.filter((i) => i.prepaid).reduce((sum, i) => sum + i.amountCents, 0) +
    schedule.extraPrepaidCents;
  if (cents <= 0) return [];
  const date = schedule.leaseBeginsAt;
  return [
    { id, kind: 'payment', date, cents, method: 'signing', allocations: allocatePayment(schedule, [], cents, date) },
  ];
}

/** The reversal of a money-in entry: a new entry taking back exactly what it brought. */
export function reversalOf(
  entry: MoneyInEntry,
  id: string,
  date: string,
  returnCode: string | null,
  reason: ReversalEntry['reason'],
): ReversalEntry {
  return {
    id,
    kind: 'reversal',
    date,
    paymentId: entry.id,
    cents: entry.cents,
    returnCode,
    reason,
    allocations: entry.allocations.map((a) => ({ ...a })),
  };
}

export type LedgerProblem =
  | 'amountNotPositive'
  | 'amountAboveOwed'
  | 'unknownEntry'
  | 'alreadyReversed'
  | 'notReversible'
  | 'unknownFee'
  | 'waiverAboveFee'
  | 'refundAboveCredit'
  | 'accountClosed'
  | 'duplicateId';

/**
 * Why an entry may not be appended to this ledger (null when it may): the server checks this before it writes, so
 * nothing is saved from a bad request. Messages: `servicing.ledger.<problem>` (machines/i18n/servicing.ts).
 */
export function ledgerProblem(
  schedule: ServicingSchedule,
  entries: readonly LedgerEntry[],
  entry: LedgerEntry,
): LedgerProblem | null {
  if (entries.some((e) => e.id === entry.id)) return 'duplicateId';
  if ('cents' in entry && (!Number.isSafeInteger(entry.cents) || entry.cents <= 0)) return 'amountNotPositive';
  const account = deriveAccount(schedule, entries, entry.date);
  const closedForGood =
    account.closure === 'purchased_early' || account.closure === 'settled' || account.closure === 'paid_out';
  switch (entry.kind) {
    case 'payment':
      // After a return only what was owed before it can be paid (remainingScheduled then excludes the rest).
      if (closedForGood) return 'accountClosed';
      if (entry.cents > account.remainingScheduledCents) return 'amountAboveOwed';
      return null;
    case 'payoff':
    case 'settlement':
      return closedForGood ? 'accountClosed' : null;
    case 'fee':
      return closedForGood ? 'accountClosed' : null;
    case 'waiver': {
      const fee = account.fees.find((f) => f.id === entry.feeId);
      if (!fee) return 'unknownFee';
      return entry.cents > fee.cents - fee.waivedCents - fee.paidCents ? 'waiverAboveFee' : null;
    }
    case 'reversal': {
      const target = entries.find((e) => e.id === entry.paymentId);
      if (!target) return 'unknownEntry';
      if (!isMoneyIn(target)) return 'notReversible';
      if (account.reversedIds.includes(target.id)) return 'alreadyReversed';
      return null;
    }
    case 'refund':
      return entry.cents > account.creditCents ? 'refundAboveCredit' : null;
    case 'return':
    case 'charge_off':
      return closedForGood ||
        account.closure === 'returned' ||
        (entry.kind === 'charge_off' && account.closure === 'charged_off')
        ? 'accountClosed'
        : null;
    case 'reinstatement':
      return account.closure === 'returned' || account.closure === 'charged_off' ? null : 'accountClosed';
  }
}

/**
 * A receipt for a payment (Maryland and others require one): the amount paid, what is due after it and what remains
 * to ownership, from the account derived as of the payment's date including it.
 */
export interface PaymentReceipt {
  entryId: string;
  date: string;
  amountPaidCents: Cents;
  method: PaymentMethod;
  allocations: Allocation[];
  amountDueNowCents: Cents;
  remainingToOwnershipCents: Cents;
  nextPayment: NextPayment | null;
}

export function receiptOf(
  schedule: ServicingSchedule,
  entries: readonly LedgerEntry[],
  entryId: string,
): PaymentReceipt | null {
  const entry = entries.find((e) => e.id === entryId);
  if (!entry || !isMoneyIn(entry)) return null;
  const account = deriveAccount(schedule, entries, entry.date);
  return {
    entryId,
    date: entry.date,
    amountPaidCents: entry.cents,
    method: entry.method,
    allocations: account.allocations[entryId] ?? entry.allocations,
    amountDueNowCents: account.amountDueNowCents,
    remainingToOwnershipCents: account.remainingToOwnershipCents,
    nextPayment: account.nextPayment,
  };
}
