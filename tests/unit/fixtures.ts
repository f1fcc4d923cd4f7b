// Sample inputs and answers that several unit tests read, written once.
import type { ScorePaymentsResponse } from '../../machines/contracts/score-payments.ts';
import type { DecisionInput } from '../../machines/domain/decision.ts';

export const DECIDED_AT = '2025-03-10T15:00:00.000Z';

/** $3,500 a month (band $3,000-$4,499), score 700 (decile 8), Texas (no state cap), merchandise store with B and C. */
export const TEXAS_APPLICANT: DecisionInput = {
  ageYears: 30,
  monthlyIncomeCents: 350_000,
  state: 'TX',
  score: 700,
  store: { isHvac: false, optionBEnabled: true, optionCEnabled: true, optionDEnabled: false, minApprovalCents: 30_000 },
  now: DECIDED_AT,
};

/** The customer block of a contract, masked as the documents print it. */
export const MASKED_CUSTOMER = {
  name: 'Ana Lopez',
  address: '1 Oak Street, Columbus, OH 43215',
  email: 'a***@example.com',
  cell: '(***) ***-0101',
  ssnLast4: '1234',
};

/** The calculator's answer for $1,000, option A, decile 8, every 14 days, in Texas (payment-calculation.test.ts). */
export const TWELVE_MONTH_ANSWER: ScorePaymentsResponse = {
  term: 12,
  paymentAmount: '69.23',
  firstPaymentDate: '2025-03-24',
  express_pay_3_month_total: '1025.00',
  express_pay_6_month_total: '1467.68',
  express_pay_9_month_total: '1633.83',
};
