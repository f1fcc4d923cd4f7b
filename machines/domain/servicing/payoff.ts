import { earlyPurchasePayoff } from '../early-purchase.ts';
import type { Cents } from '../money.ts';
import { addDays, daysBetween } from '../payment-frequency.ts';
import type { DerivedAccount } from './ledger.ts';
import type { ServicingSchedule } from './schedule.ts';

// The payoff (early purchase) quote (issue 22): the contract's own early purchase terms applied to the ledger as it
// stands. Inside the window (day `epoDays` from signing still counts) the price is the leased cash price plus the
// early purchase fee less the rent paid; after it, the contract's formula: its percentage of the remaining payments.
// It is the same function the disclosures and the agreement used to print the promise (early-purchase.ts), fed with
// the rent actually paid instead of the rent the disclosure assumed, so for the same rent paid on the same day the
// quote is the disclosed figure. Fees outstanding (late, return) are added on their own line.
//
// Valid until: the quote holds while nothing changes it: the last day of the window when inside it (the formula
// changes the day after), otherwise the day before the next installment's collection date (a payment due then
// changes the rent paid), and never beyond QUOTE_VALID_DAYS.

/** The longest a quote is honoured without a new one. */
export const QUOTE_VALID_DAYS = 10;

export interface PayoffQuote {
  leaseId: string;
  asOf: string;
  /** Days since signing (day 0 = the signing date). */
  day: number;
  withinWindow: boolean;
  /** The contract's early purchase price for today. */
  purchaseCents: Cents;
  /** Fees outstanding, added to the price. */
  feesCents: Cents;
  /** What paying off costs today: purchase + fees. */
  amountCents: Cents;
  validUntil: string;
  rentPaidCents: Cents;
  /** What ownership at term would still cost (remaining rent), for comparison. */
  remainingToOwnershipCents: Cents;
  /** remaining rent - purchase price: what buying now saves (never negative). */
  savingsCents: Cents;
}

export type PayoffRefusal = 'accountClosed';

export type PayoffResult = { ok: true; quote: PayoffQuote } | { ok: false; reason: PayoffRefusal };

/** The payoff quote of an account derived as of `today` (deriveAccount(schedule, entries, today)). */
export function payoffQuote(schedule: ServicingSchedule, account: DerivedAccount): PayoffResult {
  if (account.closure !== 'open' && account.closure !== 'charged_off') return { ok: false, reason: 'accountClosed' };
  const today = account.asOf;
  const day = Math.max(0, daysBetween(schedule.leaseBeginsAt, today));
  const terms = schedule.earlyPurchase;
  const { withinWindow, payoffCents } = earlyPurchasePayoff({
    cashPriceCents: schedule.cashPriceCents,
    epoFeeCents: terms.feeCents,
    totalPaymentCents: schedule.totalOfPaymentsCents,
    rentPaidCents: account.rentPaidCents,
    daysSinceStart: day,
    epoDays: terms.days,
    remainingPaymentsPercent: terms.remainingPaymentsPercent,
  });
  const cap = addDays(today, QUOTE_VALID_DAYS - 1);
  const nextChange = account.nextPayment ? addDays(account.nextPayment.collectionDate, -1) : cap;
  let validUntil = [cap, nextChange, withinWindow ? terms.endsOn : cap].reduce((a, b) => (b < a ? b : a));
  if (validUntil < today) validUntil = today;
  const feesCents = account.outstandingFeesCents;
  return {
    ok: true,
    quote: {
      leaseId: schedule.leaseId,
      asOf: today,
      day,
      withinWindow,
      purchaseCents: payoffCents,
      feesCents,
      amountCents: payoffCents + feesCents,
      validUntil,
      rentPaidCents: account.rentPaidCents,
      remainingToOwnershipCents: account.remainingToOwnershipCents,
      savingsCents: Math.max(0, account.remainingToOwnershipCents - payoffCents),
    },
  };
}
