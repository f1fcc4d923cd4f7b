// The ACH port: debits a lessee's bank account (an ODFI or a payments processor in production). A debit is submitted
// with an idempotency key (the same key never debits twice and replays the first result); the outcome is settled or
// returned with its NACHA return code. What to do after a return (retry or not) is our rule, not the port's.

export const ACH_RETURN_CODES = ['R01', 'R02', 'R03', 'R05', 'R07', 'R08', 'R09', 'R10', 'R29', 'R51'] as const;
export type AchReturnCode = (typeof ACH_RETURN_CODES)[number] | (string & {});

export const ACH_RETURN_REASONS: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R05: 'Unauthorized debit to consumer account',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises not authorized',
  R29: 'Corporate customer advises not authorized',
  R51: 'Item related to RCK entry is ineligible',
};

export interface AchDebitInput {
  routingNumber: string;
  accountNumber: string;
  amountCents: number;
  /** The same key never debits twice and returns the first result. */
  idempotencyKey: string;
  /** Our reference (the lease id). */
  reference: string;
  /** PPD for a recurring authorisation, WEB for one given online. */
  secCode: 'PPD' | 'WEB';
}

export type AchDebitResult =
  | { status: 'settled'; traceId: string; amountCents: number }
  | { status: 'returned'; traceId: string; code: AchReturnCode; message: string };

export class AchError extends Error {
  constructor(
    readonly code: 'invalid_request' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'AchError';
  }
}

export interface AchPort {
  debit(input: AchDebitInput): Promise<AchDebitResult>;
}
