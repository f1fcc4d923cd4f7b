import type { Cents } from '../money.ts';
import { addDays, daysBetween } from '../payment-frequency.ts';
import { isOneOf } from '../one-of.ts';

// NACHA's rules for returned debits and Regulation E's for recurring ones, as code (issue 22; ARCHITECTURE.md:
// they do not vary by state, so they are not data). Sources: the NACHA Operating Rules, Subsection 2.12.4
// (reinitiation: only an R01 or R09 return, or an R08 with the Receiver's approval; at most twice after the original
// return; within 180 days of the original entry's Settlement Date), Appendix Four (return reason codes); 12 CFR
// 1005.10(d) (Regulation E: a recurring debit that varies in amount needs notice at least 10 days before).

export const RETURN_CODES = ['R01', 'R02', 'R03', 'R05', 'R07', 'R08', 'R09', 'R10', 'R29', 'R51'] as const;
export type ReturnCode = (typeof RETURN_CODES)[number];
export const isReturnCode = isOneOf<ReturnCode>(RETURN_CODES);

export type ReturnCategory = 'nsf' | 'administrative' | 'unauthorised' | 'other';

export interface ReturnCodeRule {
  code: ReturnCode;
  /** NACHA's title. */
  title: string;
  category: ReturnCategory;
  /** May be reinitiated (retried) without a new authorisation, within the limits below. */
  retriable: boolean;
  /** May be presented again once the lessee gives a new authorisation (a new entry, not a reinitiation). */
  retriableWithNewAuthorisation: boolean;
  /** A returned-payment fee may be charged for it (where notice was given and the state allows). */
  feeAllowed: boolean;
}

export const RETURN_CODE_RULES: Record<ReturnCode, ReturnCodeRule> = {
  R01: {
    code: 'R01',
    title: 'Insufficient Funds',
    category: 'nsf',
    retriable: true,
    retriableWithNewAuthorisation: true,
    feeAllowed: true,
  },
  R02: {
    code: 'R02',
    title: 'Account Closed',
    category: 'administrative',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R03: {
    code: 'R03',
    title: 'No Account/Unable to Locate Account',
    category: 'administrative',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R05: {
    code: 'R05',
    title: 'Unauthorized Debit to Consumer Account Using Corporate SEC Code',
    category: 'unauthorised',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R07: {
    code: 'R07',
    title: 'Authorization Revoked by Customer',
    category: 'unauthorised',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R08: {
    code: 'R08',
    title: 'Payment Stopped',
    category: 'other',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R09: {
    code: 'R09',
    title: 'Uncollected Funds',
    category: 'nsf',
    retriable: true,
    retriableWithNewAuthorisation: true,
    feeAllowed: true,
  },
  R10: {
    code: 'R10',
    title: 'Customer Advises Unauthorized, Improper, Ineligible, or Part of an Incomplete Transaction',
    category: 'unauthorised',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R29: {
    code: 'R29',
    title: 'Corporate Customer Advises Not Authorized',
    category: 'unauthorised',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
  R51: {
    code: 'R51',
    title: 'Item is Ineligible, Notice Not Provided, Signature Not Genuine, or Item Altered',
    category: 'unauthorised',
    retriable: false,
    retriableWithNewAuthorisation: true,
    feeAllowed: false,
  },
};

/** At most this many reinitiations after the original entry's return. */
export const MAX_REINITIATIONS = 2;
/** Reinitiation only within this many days of the original entry's settlement date. */
export const REINITIATION_WINDOW_DAYS = 180;

export interface RetryFacts {
  code: ReturnCode;
  /** Reinitiations already made of this debit (0 after the original's first return). */
  retriesSoFar: number;
  /** The original entry's settlement date. */
  originalSettlementDate: string;
  /** The date the retry would settle. */
  retryDate: string;
  /** The lessee gave a new authorisation after this return. */
  newAuthorisation: boolean;
}

export type RetryRefusal = 'notRetriable' | 'needsNewAuthorisation' | 'tooManyRetries' | 'windowClosed';

export type RetryDecision = { allowed: true } | { allowed: false; reason: RetryRefusal };

/** Whether a returned debit may be presented again (the payment attempt machine's retry guard). */
export function retryDecision(facts: RetryFacts): RetryDecision {
  const rule = RETURN_CODE_RULES[facts.code];
  if (rule.retriable) {
    if (facts.retriesSoFar >= MAX_REINITIATIONS) return { allowed: false, reason: 'tooManyRetries' };
    if (daysBetween(facts.originalSettlementDate, facts.retryDate) > REINITIATION_WINDOW_DAYS)
      return { allowed: false, reason: 'windowClosed' };
    return { allowed: true };
  }
  if (!rule.retriableWithNewAuthorisation) return { allowed: false, reason: 'notRetriable' };
  // An unauthorised return, a stop payment or a closed account: only with the lessee's new authorisation.
  return facts.newAuthorisation ? { allowed: true } : { allowed: false, reason: 'needsNewAuthorisation' };
}

/** The last date a reinitiation of a debit may settle. */
export const reinitiationDeadline = (originalSettlementDate: string) =>
  addDays(originalSettlementDate, REINITIATION_WINDOW_DAYS);

export interface ReturnFeeFacts {
  code: ReturnCode;
  /** The lessee was told of the fee (in the authorisation or the agreement) before the debit. */
  noticeGiven: boolean;
  /** The lessee's state allows a returned-payment fee (servicing state rules). */
  stateAllows: boolean;
  /** A return fee was already charged for this returned debit. */
  alreadyCharged: boolean;
}

export type ReturnFeeRefusal = 'codeNotChargeable' | 'noNotice' | 'stateForbids' | 'alreadyCharged';

/** One return fee at most per returned debit, only for an NSF return, only where notice was given and allowed. */
export function returnFeeDecision(
  facts: ReturnFeeFacts,
): { allowed: true } | { allowed: false; reason: ReturnFeeRefusal } {
  if (!RETURN_CODE_RULES[facts.code].feeAllowed) return { allowed: false, reason: 'codeNotChargeable' };
  if (!facts.noticeGiven) return { allowed: false, reason: 'noNotice' };
  if (!facts.stateAllows) return { allowed: false, reason: 'stateForbids' };
  if (facts.alreadyCharged) return { allowed: false, reason: 'alreadyCharged' };
  return { allowed: true };
}

// ---------- Regulation E (12 CFR 1005.10) ----------

/** Notice of a varying recurring debit: at least this many days before it is made. */
export const REG_E_VARYING_NOTICE_DAYS = 10;

/** A preauthorised debit whose amount differs from the one authorised (the schedule's) needs notice. */
export const varyingAmountNeedsNotice = (scheduledCents: Cents, debitCents: Cents) => scheduledCents !== debitCents;

/** The earliest date a varying debit may be made after its notice is sent. */
export const earliestDebitAfterNotice = (noticeDate: string) => addDays(noticeDate, REG_E_VARYING_NOTICE_DAYS);

/** Whether a debit of `debitCents` on `debitDate` may be made, given when (if ever) its notice went out. */
export function regENoticeSatisfied(facts: {
  scheduledCents: Cents;
  debitCents: Cents;
  debitDate: string;
  noticeSentOn: string | null;
}): boolean {
  if (!varyingAmountNeedsNotice(facts.scheduledCents, facts.debitCents)) return true;
  return facts.noticeSentOn !== null && daysBetween(facts.noticeSentOn, facts.debitDate) >= REG_E_VARYING_NOTICE_DAYS;
}

/**
 * What an autopay debit takes (Regulation E): the unpaid part of the installment due, which the authorisation names;
 * with other amounts owed added (fees, an installment moved onto the same date) only when the lessee was told that
 * exact amount at least REG_E_VARYING_NOTICE_DAYS before the debit. Without that notice the installment alone.
 */
export function autopayDebitCents(facts: {
  installmentOwedCents: Cents;
  otherOwedCents: Cents;
  debitDate: string;
  notice: { amountCents: Cents; sentOn: string } | null;
}): { cents: Cents; varied: boolean } {
  const scheduled = Math.max(0, facts.installmentOwedCents);
  const varying = scheduled + Math.max(0, facts.otherOwedCents);
  const noticed =
    facts.notice !== null &&
    facts.notice.amountCents === varying &&
    regENoticeSatisfied({
      scheduledCents: scheduled,
      debitCents: varying,
      debitDate: facts.debitDate,
      noticeSentOn: facts.notice.sentOn,
    });
  return noticed && varying !== scheduled ? { cents: varying, varied: true } : { cents: scheduled, varied: false };
}
