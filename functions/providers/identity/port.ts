import type { CallbackReader } from '../bank-link/vendor-kit.ts';

// The identity-check vendor (seed 000: /intellicheck, "Identity check by mobile link"): we text the shopper a link;
// on their phone the vendor scans their driver's license and compares it with the application; we read the outcome.

/**
 * - pending: the link was sent, the shopper has not finished;
 * - passed: the document is valid and matches the applicant;
 * - failed: the document does not match (or could not be read);
 * - expired-document: the document is past its expiry date.
 */
export type IdentityCheckStatus = 'pending' | 'passed' | 'failed' | 'expired-document';

export interface IdentityLinkRequest {
  /** US mobile number, any formatting ('(555) 123-4567'). */
  phone: string;
  /** Our reference (application or applicant id); the vendor keeps it on the check. */
  reference: string;
  /** Send the link of this check again (to `phone`) instead of starting a new check. */
  checkId?: string | null;
  /** The brand name the SMS is sent under. */
  brandName?: string | null;
}

/**
 * - sent: a new check, its link sent;
 * - resent: the link of the existing check sent again;
 * - already-completed: the check is finished (seed 000: code 208, go straight to verify); nothing sent.
 */
export interface IdentityLinkResult {
  checkId: string;
  url: string;
  state: 'sent' | 'resent' | 'already-completed';
}

export interface IdentityCheckResult {
  checkId: string;
  status: IdentityCheckStatus;
  completedAt?: string;
}

export const IDENTITY_EVENT_TYPES = ['check.completed', 'check.expired'] as const;

export interface IdentityCheckPort extends CallbackReader {
  sendLink(request: IdentityLinkRequest): Promise<IdentityLinkResult>;
  /** 404 (AppError) for an unknown check. */
  getStatus(checkId: string): Promise<IdentityCheckResult>;
}
