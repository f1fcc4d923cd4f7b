import type { CallbackReader } from '../bank-link/vendor-kit.ts';

// The payroll-connectivity vendor (seed 000: payroll-deduction affordability check): employer search (with whether the
// employer supports payroll deduction), a link the shopper opens to log in to their payroll account, and the verified
// income read back once the vendor has the paystubs.

export interface PayrollEmployer {
  id: string;
  employerName: string;
  /** The employer's payroll supports a deduction (a partial direct-deposit switch) toward lease payments. */
  pdSupported: boolean;
}

export interface PayrollSessionRequest {
  applicationId: string;
  applicantId: string;
  firstName: string;
  lastName: string;
  channel: 'sms' | 'email';
  phone?: string | null;
  email?: string | null;
  employer: { id: string; name: string };
  /** The monthly income the applicant stated, in cents (the sandbox derives its verified income from it). */
  statedMonthlyIncomeCents?: number | null;
  brandName?: string | null;
}

export interface PayrollSession {
  sessionId: string;
  url: string;
}

/**
 * - pending: the shopper has not finished connecting, or the vendor is still reading paystubs;
 * - completed: verified gross monthly income (cents) and the employer it comes from;
 * - failed: the income could not be verified (login failed, no paystubs, unsupported payroll).
 */
export type PayrollResult =
  | { sessionId: string; status: 'pending' }
  | { sessionId: string; status: 'completed'; monthlyIncomeCents: number; employerName: string; completedAt: string }
  | { sessionId: string; status: 'failed'; reason: string; completedAt: string };

export const PAYROLL_EVENT_TYPES = ['session.completed', 'session.failed'] as const;

export interface PayrollPort extends CallbackReader {
  /** Keyword search from 3 characters (fewer: no results). */
  searchEmployers(keyword: string): Promise<PayrollEmployer[]>;
  /** Starts the affordability session for the applicant at the employer and sends its link. */
  startSession(request: PayrollSessionRequest): Promise<PayrollSession>;
  /** 404 (AppError) for an unknown session. */
  getResult(sessionId: string): Promise<PayrollResult>;
  /** Restart: sends the session's link again (a fresh one when the old one expired). */
  resendLink(sessionId: string): Promise<PayrollSession>;
}
