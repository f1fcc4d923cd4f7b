import { addDays, daysBetween, type ScheduleFrequency } from '../../../machines/domain/payment-frequency.ts';
import {
  accountFromBalances,
  allocateOn,
  type DerivedAccount,
  type LedgerBalances,
} from '../../../machines/domain/servicing/ledger.ts';
import { payoffQuote as domainPayoffQuote } from '../../../machines/domain/servicing/payoff.ts';
import type { ServicingSchedule } from '../../../machines/domain/servicing/schedule.ts';
import {
  lateFeeDue as stateLateFeeDue,
  termClassOf,
  type ServicingStateRule,
} from '../../../machines/domain/servicing/state-servicing-rules.ts';
import type {
  AccountSummary,
  Allocation,
  LeaseAccountData,
  LedgerEntry,
  StoredInstallment,
} from '../../data/servicing.ts';

// The server reads a lease account through the pure servicing core (machines/domain/servicing), the same functions
// the lessee's page and the disclosures use: the allocation of a payment (allocateOn), the account as of a day
// (accountFromBalances: what is past due, since when, the bucket, what is owed) and the payoff quote (payoffQuote).
// This file only translates: the stored account into the core's schedule and balances, and the core's answers into
// the cached summary the account item carries (rewritten in the same conditional write as each ledger entry, so a
// collection run reads one item per due installment, never the whole ledger).

type ScheduleSource = Pick<
  LeaseAccountData,
  | 'leaseId'
  | 'state'
  | 'frequency'
  | 'termMonths'
  | 'leaseBeginsAt'
  | 'schedule'
  | 'totalPaymentCents'
  | 'cashPriceCents'
  | 'epoFeeCents'
  | 'epoDays'
  | 'remainingPaymentsPercent'
>;

const rentOf = (i: StoredInstallment) => i.rentCents ?? i.amountCents;

/**
 * The core's schedule of a stored account. The collection date is the due date: the close of business charges an
 * installment on its due date, weekends included (docs/decisions.md, issue 22, svc-rules).
 */
export function servicingScheduleOf(account: ScheduleSource): ServicingSchedule {
  const installments = account.schedule.map((i) => ({
    number: i.number,
    dueDate: i.dueDate,
    collectionDate: i.dueDate,
    rentCents: rentOf(i),
    ocpCents: i.amountCents - rentOf(i),
    amountCents: i.amountCents,
    prepaid: i.prepaid,
  }));
  const regular = installments.find((i) => !i.prepaid) ?? installments[0];
  return {
    leaseId: account.leaseId,
    state: account.state,
    frequency: account.frequency as ScheduleFrequency,
    termMonths: account.termMonths,
    leaseBeginsAt: account.leaseBeginsAt,
    numPayments: installments.length,
    paymentCents: regular?.rentCents ?? 0,
    ocpCents: regular?.ocpCents ?? 0,
    totalOfPaymentsCents: account.totalPaymentCents,
    cashPriceCents: account.cashPriceCents,
    earlyPurchase: {
      days: account.epoDays,
      endsOn: addDays(account.leaseBeginsAt, account.epoDays),
      feeCents: account.epoFeeCents,
      remainingPaymentsPercent: account.remainingPaymentsPercent,
    },
    prePaidPayments: installments.filter((i) => i.prepaid).length,
    extraPrepaidCents: 0,
    installments,
  };
}

/** The core's balances of an open account from the cached summary (each installment's rent first, then its OCP). */
function balancesOf(schedule: readonly StoredInstallment[], summary: AccountSummary): LedgerBalances {
  const rentPaid: Record<number, number> = {};
  const ocpPaid: Record<number, number> = {};
  for (const i of schedule) {
    const paid = summary.paid[i.number - 1] ?? 0;
    const rent = Math.min(paid, rentOf(i));
    rentPaid[i.number] = rent;
    ocpPaid[i.number] = paid - rent;
  }
  const feesOwed = summary.feesCents - summary.feesPaidCents;
  return {
    rentPaid,
    ocpPaid,
    // The summary keeps the fees as one sum: the core allocates to them as one fee.
    fees:
      summary.feesCents > 0
        ? [
            {
              id: 'fees',
              fee: 'late',
              date: schedule[0]?.dueDate ?? '',
              installment: null,
              cents: summary.feesCents,
              waivedCents: 0,
              paidCents: summary.feesPaidCents,
              outstandingCents: feesOwed,
            },
          ]
        : [],
    cancelledAfter: null,
    creditCents: 0,
    receivedCents: summary.rentPaidCents + summary.feesPaidCents,
    closure: 'open',
    closedOn: null,
    chargedOffCents: 0,
    forgivenCents: 0,
  };
}

/** The core's account as of `today` of an account still running (an ended one is not read this way). */
export function derivedAccountOf(account: ScheduleSource, summary: AccountSummary, today: string): DerivedAccount {
  return accountFromBalances(servicingScheduleOf(account), balancesOf(account.schedule, summary), today);
}

/** The summary before any ledger entry: prepaid installments are paid (the down payment carried them). */
export function initialSummary(schedule: readonly StoredInstallment[], totalPaymentCents: number): AccountSummary {
  const paid = schedule.map((i) => (i.prepaid ? i.amountCents : 0));
  const rentPaidCents = schedule.reduce((n, i) => n + (i.prepaid ? rentOf(i) : 0), 0);
  return {
    paid,
    rentPaidCents,
    feesCents: 0,
    feesPaidCents: 0,
    balanceCents: Math.max(0, totalPaymentCents - rentPaidCents),
    pastDueCents: 0,
    daysPastDue: 0,
    bucket: '0',
    lateFeeFor: null,
    entries: 0,
  };
}

/**
 * One ledger entry's stored allocations added to the cached summary (a reversal or refund carries the allocations it
 * takes back). Only bookkeeping: what is owed and past due is the core's (refresh).
 */
export function foldEntry(summary: AccountSummary, entry: LedgerEntry): AccountSummary {
  const paid = [...summary.paid];
  const sign =
    entry.kind === 'payment' || entry.kind === 'payoff' || entry.kind === 'settlement'
      ? 1
      : entry.kind === 'reversal' || entry.kind === 'refund'
        ? -1
        : 0;
  let { feesCents, feesPaidCents } = summary;
  if (sign) {
    let toInstallments = 0;
    for (const a of entry.allocations) {
      paid[a.installment - 1] = (paid[a.installment - 1] ?? 0) + sign * a.cents;
      toInstallments += a.cents;
    }
    // Entries written before `feesCents` was recorded paid fees with what the installments did not take.
    feesPaidCents += sign * (entry.feesCents ?? Math.max(0, entry.amountCents - toInstallments));
  } else if (entry.kind === 'fee') feesCents += entry.amountCents;
  else if (entry.kind === 'waiver') feesCents -= entry.amountCents;
  return { ...summary, paid, feesCents, feesPaidCents, entries: summary.entries + 1 };
}

/** The summary as of the lender's date `today`, from the core (an ended lease owes nothing more through servicing). */
export function refresh(
  summary: AccountSummary,
  account: ScheduleSource,
  today: string,
  ended: boolean,
): AccountSummary {
  if (ended) return { ...summary, balanceCents: 0, pastDueCents: 0, daysPastDue: 0, bucket: '0', lateFeeFor: null };
  const derived = derivedAccountOf(account, summary, today);
  return {
    ...summary,
    rentPaidCents: derived.rentPaidCents,
    balanceCents: derived.remainingScheduledCents,
    pastDueCents: derived.pastDueCents,
    daysPastDue: derived.daysPastDue,
    bucket: derived.bucket ?? '0',
    lateFeeFor: derived.pastDueCents > 0 ? summary.lateFeeFor : null,
  };
}

export interface ServerAllocation {
  /** Per installment, as stored on the ledger entry. */
  allocations: Allocation[];
  /** The part that paid fees. */
  feesCents: number;
}

/**
 * A payment's allocation by the core's order (installments due, oldest first; then fees; then installments not yet
 * due); `closing` for the payoff: what is due and the fees, the rest buys the goods (not an installment's).
 */
export function allocate(
  account: ScheduleSource,
  summary: AccountSummary,
  amountCents: number,
  today: string,
  options: { closing?: boolean } = {},
): ServerAllocation {
  const schedule = servicingScheduleOf(account);
  const derived = accountFromBalances(schedule, balancesOf(account.schedule, summary), today);
  const parts = allocateOn(schedule, derived, amountCents, today, { includeFuture: !options.closing });
  const byInstallment = new Map<number, number>();
  let feesCents = 0;
  for (const p of parts) {
    if (p.installment !== null && (p.component === 'rent' || p.component === 'ocp'))
      byInstallment.set(p.installment, (byInstallment.get(p.installment) ?? 0) + p.cents);
    else if (p.component === 'fee') feesCents += p.cents;
  }
  return {
    allocations: [...byInstallment].map(([installment, cents]) => ({ installment, cents })),
    feesCents,
  };
}

/** The core's payoff quote of the account as it stands today (null once nothing can be bought). */
export function payoffQuote(
  account: ScheduleSource,
  summary: AccountSummary,
  today: string,
): { amountCents: number; validUntil: string; withinWindow: boolean } | null {
  const schedule = servicingScheduleOf(account);
  const result = domainPayoffQuote(schedule, derivedAccountOf(account, summary, today));
  if (!result.ok) return null;
  const { amountCents, validUntil, withinWindow } = result.quote;
  return { amountCents, validUntil, withinWindow };
}

// ---------- late fees: the state rules of the core applied to the first missed installment ----------

/** The first missed due date of the delinquency now running (one late fee per delinquency). */
export function delinquencySince(account: ScheduleSource, summary: AccountSummary, today: string): string | null {
  const derived = derivedAccountOf(account, summary, today);
  return derived.installments.find((i) => i.status === 'past_due')?.dueDate ?? null;
}

/**
 * The days late from which some state's rule charges a late fee (the close looks at installments due that long ago):
 * from the rules in force (servicing-rules.ts), so a grace staff change is looked for at the next close.
 */
export function lateFeeDays(rules: Iterable<Pick<ServicingStateRule, 'lateFee'>>): number[] {
  const days = new Set<number>();
  for (const r of rules) for (const t of [r.lateFee.weekly, r.lateFee.monthly]) if (t) days.add(t.fromDaysLate);
  return [...days].sort((a, b) => a - b);
}

const frequencyOf = (account: Pick<LeaseAccountData, 'frequency'>) => account.frequency as ScheduleFrequency;

/** The first day late on which the account's state allows a late fee (null: it allows none). */
export function lateFeeFromDays(
  account: Pick<LeaseAccountData, 'frequency'>,
  rule: Pick<ServicingStateRule, 'lateFee' | 'biweeklyClass'>,
): number | null {
  return rule.lateFee[termClassOf(frequencyOf(account), rule)]?.fromDaysLate ?? null;
}

/**
 * The late fee due today, or 0: the state's rule in force (state-servicing-rules.ts lateFeeDue) on the first missed
 * installment of the delinquency now running, once per delinquency.
 */
export function lateFeeDue(
  account: ScheduleSource,
  summary: AccountSummary,
  today: string,
  rule: ServicingStateRule,
): { cents: number; delinquency: string | null } {
  const since = delinquencySince(account, summary, today);
  const installment = since ? account.schedule.find((i) => i.dueDate === since) : undefined;
  if (!since || !installment) return { cents: 0, delinquency: null };
  const cents = stateLateFeeDue({
    rule,
    frequency: frequencyOf(account),
    paymentCents: installment.amountCents,
    daysLate: daysBetween(since, today),
    alreadyCharged: summary.lateFeeFor === since,
    // The contract names no late fee of its own: the state's cap is the fee.
    contractFeeCents: Number.MAX_SAFE_INTEGER,
  });
  return { cents, delinquency: since };
}
