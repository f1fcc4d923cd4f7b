import type { Cents } from '../money.ts';
import { daysBetween } from '../payment-frequency.ts';
import type { DerivedAccount, LedgerEntry } from './ledger.ts';
import { returnFeeDecision, type ReturnCode, type ReturnFeeRefusal } from './nacha.ts';
import type { ServicingSchedule } from './schedule.ts';
import { lateFeeDue, type ServicingStateRule } from './state-servicing-rules.ts';

// Which fees the daily close of business charges (issue 22): a late fee per installment past due beyond the state's
// grace, at most the state's cap and the lender's own fee, once per delinquent installment (a fee entry for that
// installment already in the ledger, even waived, means none again); and a return fee per returned debit under
// NACHA's and the state's conditions. Pure: the collection job appends what these return.

export interface FeeToCharge {
  installment: number;
  cents: Cents;
}

/** The late fees to charge today: one per installment past due beyond the grace that has none yet. */
export function lateFeesToCharge(
  schedule: ServicingSchedule,
  account: DerivedAccount,
  entries: readonly LedgerEntry[],
  rule: ServicingStateRule,
  /** The lender's late fee (the contract's); the state cap applies when it is higher. */
  lenderFeeCents: Cents = Number.MAX_SAFE_INTEGER,
): FeeToCharge[] {
  if (account.closure !== 'open') return [];
  const charged = new Set(
    entries.flatMap((e) => (e.kind === 'fee' && e.fee === 'late' && e.installment !== null ? [e.installment] : [])),
  );
  const out: FeeToCharge[] = [];
  for (const i of account.installments) {
    if (i.status !== 'past_due') continue;
    const cents = lateFeeDue({
      rule,
      frequency: schedule.frequency,
      paymentCents: i.amountCents,
      daysLate: daysBetween(i.collectionDate, account.asOf),
      alreadyCharged: charged.has(i.number),
      contractFeeCents: lenderFeeCents,
    });
    if (cents > 0) out.push({ installment: i.number, cents });
  }
  return out;
}

export type ReturnFeeResult = { charge: true; cents: Cents } | { charge: false; reason: ReturnFeeRefusal };

/** The fee for a returned debit (the payment entry `paymentId`), or why none may be charged. */
export function returnFeeToCharge(facts: {
  code: ReturnCode;
  paymentId: string;
  entries: readonly LedgerEntry[];
  rule: ServicingStateRule;
  /** The authorisation or the agreement told the lessee of the fee before the debit. */
  noticeGiven: boolean;
  /** The lender's return fee; the state's maximum applies when it is higher. */
  lenderFeeCents: Cents;
}): ReturnFeeResult {
  const decision = returnFeeDecision({
    code: facts.code,
    noticeGiven: facts.noticeGiven,
    stateAllows: facts.rule.returnFeeAllowed,
    alreadyCharged: facts.entries.some(
      (e) => e.kind === 'fee' && e.fee === 'return' && e.paymentId === facts.paymentId,
    ),
  });
  if (!decision.allowed) return { charge: false, reason: decision.reason };
  return { charge: true, cents: Math.min(facts.lenderFeeCents, facts.rule.returnFeeMaxCents) };
}
