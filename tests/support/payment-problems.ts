import type { PaymentProblemView } from '../../machines/contracts/customer-api.ts';

// How the lessee's API explains the two failed payments the tests make (the sandbox's declining test card and a bank
// account that returns R10): the integration tests expect it from the server, the account page's tests serve it.

type Explanation = Omit<PaymentProblemView, 'date' | 'amount' | 'installment' | 'attempt' | 'retry_on'>;

/** The card 4000 0000 0000 0341, declined by its issuer: retried. */
export const DECLINED_CARD_PROBLEM: Explanation = {
  outcome: 'declined',
  method: 'card',
  last4: '0341',
  reason_code: 'card_declined',
  reason: 'The card issuer declined the charge without giving a reason.',
  processor_code: 'card_declined',
  next_step: 'retry',
};

/** The bank account ending 0110, returned R10 (not authorised): a new authorisation is needed. */
export const UNAUTHORISED_RETURN_PROBLEM: Explanation = {
  outcome: 'returned',
  method: 'bank',
  last4: '0110',
  reason_code: 'not_authorised',
  reason: 'The bank says the account holder did not authorize the debit.',
  processor_code: 'R10',
  next_step: 'new_authorisation',
};
