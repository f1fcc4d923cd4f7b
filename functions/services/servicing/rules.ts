import { earlyPurchasePayoff } from '../../../machines/domain/early-purchase.ts';
import { daysBetween, type ScheduleFrequency } from '../../../machines/domain/payment-frequency.ts';
import {
  lateFeeDue as stateLateFeeDue,
  SERVICING_STATE_RULES,
  servicingRuleFor,
  termClassOf,
} from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { bucketFor } from '../../../machines/domain/servicing/ledger.ts';
import type { LeaseComputation } from '../../../machines/domain/pricing.ts';
import type {
  AccountSummary,
  Allocation,
  LeaseAccountData,
  LedgerEntry,
  StoredInstallment,
} from '../../data/servicing.ts';

// The servicing rules the server needs until the pure core of branch svc-domain (machines/domain/servicing) lands:
// the schedule from the signed contract, allocation of a payment to installments, the summary derived from the
// ledger, the delinquency bucket, late fees per state and the payoff quote. Kept in one file so that swapping them
// for the domain's functions is one import change (see the report of issue 22).

/** The schedule as the contract computed it (its payments already sum to the total of payments to the cent). */
export function scheduleFromContract(computation: LeaseComputation): StoredInstallment[] {
  return computation.schedule.map((p) => ({
    number: p.number,
    dueDate: p.dueDate,
    amountCents: p.amountCents,
    prepaid: p.prepaid,
  }));
}

const owedOn = (i: StoredInstallment, paid: number[]) => Math.max(0, i.amountCents - (paid[i.number - 1] ?? 0));

/**
 * Allocates a payment: the oldest unpaid installment first, then the next ones; what is left pays fees. An amount
 * above what is owed (rent and fees) is refused by the caller before this runs.
 */
export function allocate(
  schedule: readonly StoredInstallment[],
  summary: AccountSummary,
  amountCents: number,
): { allocations: Allocation[]; feesCents: number } {
  let left = amountCents;
  const allocations: Allocation[] = [];
  for (const i of schedule) {
    if (left <= 0) break;
    const owed = owedOn(i, summary.paid);
    if (owed <= 0) continue;
    const cents = Math.min(owed, left);
    allocations.push({ installment: i.number, cents });
    left -= cents;
  }
  const feesOwed = Math.max(0, summary.feesCents - summary.feesPaidCents);
  return { allocations, feesCents: Math.min(left, feesOwed) };
}

/** The delinquency bucket (machines/domain/servicing/ledger.ts bucketFor), '0' when nothing is past due. */
export const bucketOf = (days: number): AccountSummary['bucket'] => bucketFor(days) ?? '0';

/** The summary before any ledger entry: prepaid installments are paid (the down payment carried them). */
export function initialSummary(schedule: readonly StoredInstallment[], totalPaymentCents: number): AccountSummary {
  const paid = schedule.map((i) => (i.prepaid ? i.amountCents : 0));
  const rentPaidCents = paid.reduce((n, c) => n + c, 0);
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

/** One ledger entry folded into the summary (a reversal or refund carries the allocations it takes back). */
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
    feesPaidCents += sign * Math.max(0, entry.amountCents - toInstallments);
  } else if (entry.kind === 'fee') feesCents += entry.amountCents;
  else if (entry.kind === 'waiver') feesCents -= entry.amountCents;
  const rentPaidCents = paid.reduce((n, c) => n + c, 0);
  return { ...summary, paid, feesCents, feesPaidCents, rentPaidCents, entries: summary.entries + 1 };
}

/** Balance and delinquency as of the lender's date `today` (balance 0 once the lease has ended). */
export function refresh(
  summary: AccountSummary,
  account: Pick<LeaseAccountData, 'schedule' | 'totalPaymentCents'>,
  today: string,
  ended: boolean,
): AccountSummary {
  const past = ended ? [] : account.schedule.filter((i) => i.dueDate < today && owedOn(i, summary.paid) > 0);
  const pastDueCents = past.reduce((n, i) => n + owedOn(i, summary.paid), 0);
  const daysPastDue = past.length ? daysBetween(past[0]!.dueDate, today) : 0;
  const balanceCents = ended
    ? 0
    : Math.max(0, account.totalPaymentCents - summary.rentPaidCents) +
      Math.max(0, summary.feesCents - summary.feesPaidCents);
  return {
    ...summary,
    balanceCents,
    pastDueCents,
    daysPastDue,
    bucket: bucketOf(daysPastDue),
    lateFeeFor: past.length ? summary.lateFeeFor : null,
  };
}

/** The summary re-derived from the whole ledger (after a reversal, and to check the cached one). */
export function deriveSummary(
  account: Pick<LeaseAccountData, 'schedule' | 'totalPaymentCents'>,
  entries: readonly LedgerEntry[],
  today: string,
  ended: boolean,
  lateFeeFor: string | null,
): AccountSummary {
  const folded = entries.reduce(foldEntry, initialSummary(account.schedule, account.totalPaymentCents));
  return refresh({ ...folded, lateFeeFor }, account, today, ended);
}

/** The first missed due date of the delinquency now running (one late fee per delinquency). */
export function delinquencySince(schedule: readonly StoredInstallment[], summary: AccountSummary, today: string) {
  return schedule.find((i) => i.dueDate < today && owedOn(i, summary.paid) > 0)?.dueDate ?? null;
}

/** The days late from which some state's rule charges a late fee (the close looks at installments due that long ago). */
export const LATE_FEE_DAYS: readonly number[] = [
  ...new Set(
    SERVICING_STATE_RULES.flatMap((r) =>
      [r.lateFee.weekly, r.lateFee.monthly].flatMap((t) => (t ? [t.fromDaysLate] : [])),
    ),
  ),
].sort((a, b) => a - b);

const frequencyOf = (account: Pick<LeaseAccountData, 'frequency'>) => account.frequency as ScheduleFrequency;

/** The first day late on which the account's state allows a late fee (null: it allows none). */
export function lateFeeFromDays(account: Pick<LeaseAccountData, 'state' | 'frequency'>): number | null {
  const rule = servicingRuleFor(account.state);
  return rule.lateFee[termClassOf(frequencyOf(account), rule)]?.fromDaysLate ?? null;
}

/**
 * The late fee due today, or 0: the state's rule (machines/domain/servicing/state-servicing-rules.ts lateFeeDue) on
 * the first missed installment of the delinquency now running, once per delinquency.
 */
export function lateFeeDue(
  account: Pick<LeaseAccountData, 'schedule' | 'state' | 'frequency'>,
  summary: AccountSummary,
  today: string,
): { cents: number; delinquency: string | null } {
  const since = delinquencySince(account.schedule, summary, today);
  const installment = since ? account.schedule.find((i) => i.dueDate === since) : undefined;
  if (!since || !installment) return { cents: 0, delinquency: null };
  const cents = stateLateFeeDue({
    rule: servicingRuleFor(account.state),
    frequency: frequencyOf(account),
    paymentCents: installment.amountCents,
    daysLate: daysBetween(since, today),
    alreadyCharged: summary.lateFeeFor === since,
    // The contract names no late fee of its own: the state's cap is the fee.
    contractFeeCents: Number.MAX_SAFE_INTEGER,
  });
  return { cents, delinquency: since };
}

/** The early purchase quote of the contract's terms applied to the ledger as it stands, valid through today. */
export function payoffQuote(
  account: Pick<
    LeaseAccountData,
    'leaseBeginsAt' | 'cashPriceCents' | 'epoFeeCents' | 'totalPaymentCents' | 'epoDays' | 'remainingPaymentsPercent'
  >,
  summary: AccountSummary,
  today: string,
): { amountCents: number; validUntil: string; withinWindow: boolean } {
  const quote = earlyPurchasePayoff({
    cashPriceCents: account.cashPriceCents,
    epoFeeCents: account.epoFeeCents,
    totalPaymentCents: account.totalPaymentCents,
    rentPaidCents: summary.rentPaidCents,
    daysSinceStart: Math.max(0, daysBetween(account.leaseBeginsAt, today)),
    epoDays: account.epoDays,
    remainingPaymentsPercent: account.remainingPaymentsPercent,
  });
  const fees = Math.max(0, summary.feesCents - summary.feesPaidCents);
  // Never more than paying the lease to term.
  const amountCents = Math.min(quote.payoffCents, account.totalPaymentCents - summary.rentPaidCents) + fees;
  return { amountCents: Math.max(0, amountCents), validUntil: today, withinWindow: quote.withinWindow };
}
