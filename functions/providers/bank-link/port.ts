import type { CallbackReader } from './vendor-kit.ts';

// The bank-link vendor (seed 000 sections 4, 7, 8, 9): we send the shopper a link to the vendor's hosted connection
// page; the shopper logs in to a bank and picks accounts; the vendor keeps a "profile" (an item) that we look up by
// applicant, read the accounts of, and read ACH (routing and account) numbers from, which may stay pending a while.

export type BankLinkChannel = 'sms' | 'email';

export interface BankLinkSessionRequest {
  /** Our applicant id: the vendor's user reference. */
  applicantId: string;
  /** How the link goes out: the store's lease program send-by setting (2 = e-mail, otherwise SMS). */
  channel: BankLinkChannel;
  phone?: string | null;
  email?: string | null;
  /** For the message greeting only. */
  firstName?: string | null;
  /** The brand name the message is sent under. */
  brandName?: string | null;
}

/**
 * The vendor's answer to a link request (seed 000: `data.profile_deleting`, `data.missing_data`):
 * - sent: the link went out (and is returned, for the sandbox mailbox and for logs);
 * - profile_deleting: the vendor is still deleting a profile of this e-mail / phone and refuses a new one;
 * - missing_data: details the vendor needs are absent or refused (field names: 'email', 'phone').
 */
export type BankLinkSessionResult =
  | { status: 'sent'; sessionId: string; url: string; expiresAt: string; channel: BankLinkChannel }
  | { status: 'profile_deleting' }
  | { status: 'missing_data'; fields: string[] };

export type BankProfileCheck = { profileFound: false } | { profileFound: true; profileId: string };

/** One account of a profile (seed 000: id, name, type, mask, institution.name). */
export interface BankAccount {
  id: string;
  name: string;
  /** 'checking' or 'savings'. */
  type: string;
  /** Last 4 digits of the account number. */
  mask: string;
  institution: { name: string };
}

/** ACH numbers of one account (seed 000: routing, number, accountId); `pending` until the vendor has them. */
export type AchNumbersResult =
  { status: 'ready'; achNumbers: { routing: string; number: string; accountId: string } } | { status: 'pending' };

/** Callback event types (`VendorEvent.type`) a bank-link port reports. */
export const BANK_LINK_EVENT_TYPES = ['profile.connected', 'profile.deleted', 'session.failed', 'ach.ready'] as const;

export interface BankLinkPort extends CallbackReader {
  /** Creates a link session for the applicant and sends its URL by SMS or e-mail. */
  createLinkSession(request: BankLinkSessionRequest): Promise<BankLinkSessionResult>;
  /** Whether the applicant has connected a bank (the profile of their latest session). */
  checkProfile(applicantId: string): Promise<BankProfileCheck>;
  /** The accounts of a profile; 404 (AppError) for an unknown or deleted profile. */
  listAccounts(profileId: string): Promise<BankAccount[]>;
  /** The ACH numbers of an account; 404 for an unknown account. */
  getAchNumbers(accountId: string): Promise<AchNumbersResult>;
  /** Abandons the applicant's connection: deletes the profile at the vendor (idempotent). */
  deleteProfile(profileId: string): Promise<void>;
}
