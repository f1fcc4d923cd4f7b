import type {
  AutopayView,
  CustomerLeaseDetail,
  CustomerLeaseStatus,
  CustomerLeaseSummary,
  DueDateChangeView,
  InstallmentStatus,
  PaymentProblemView,
  PayoffQuoteView,
  ReceiptView,
  ScheduleEntryView,
} from '../../../machines/contracts/customer-api.ts';
import { CONSENT_TEXTS, type ConsentEntry } from '../../../machines/contracts/consents.ts';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { formatUsDate } from '../../../machines/domain/result.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { getCheckout } from '../../data/checkouts.ts';
import { readConsents } from '../../data/consents.ts';
import { getLease } from '../../data/leases.ts';
import {
  getAccount,
  listAttempts,
  listLedger,
  type AttemptItem,
  type LeaseAccountItem,
  type LedgerItem,
} from '../../data/servicing.ts';
import { nextStepOf, problemReasonOf } from '../../../machines/payment-attempt/payment-problem.ts';
import type { CustomerSession } from '../../platform/customer-sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict as conflictWith, notFound } from '../../platform/errors.ts';
import { ENDED, STATE_OF_STATUS, type AccountStatusName } from '../servicing/account-state.ts';
import { lenderToday } from '../servicing/clock.ts';
import { payoffQuote, refresh } from '../servicing/account-figures.ts';
import { getReturnRequest, type ReturnRequest } from './return-requests.ts';
import { reminderChannels } from '../servicing/reminders.ts';
import { dueDateLimits, dueDateWindow, recentChanges, type DueDateLimits } from './due-dates.ts';

// What a lessee reads of their leases (issue 22): each lease's account (functions/data/servicing.ts, opened at
// funding) in the lessee's terms and in integer cents: the schedule with what is paid of each installment, the
// balance and what is past due, the next payment, receipts with what Maryland requires on them (amount paid, amount
// due, remaining to ownership), autopay with the exact authorisation text, the payoff quote of today and what may be
// done now. A lease that is not the session's is a 404, the same as one that does not exist.

export const LEASE_NOT_FOUND = 'customer.lease.not_found';

const STATUS: Record<AccountStatusName, CustomerLeaseStatus> = STATE_OF_STATUS;

export const accountStatus = (account: LeaseAccountItem) => account.statusName as AccountStatusName;
export const hasEnded = (account: LeaseAccountItem) => ENDED.has(accountStatus(account));

/** The session's own lease account, or a 404 (another lessee's lease reads exactly like one that does not exist). */
export async function ownAccount(
  deps: Pick<Deps, 'db' | 'clock'>,
  session: Pick<CustomerSession, 'leaseIds'>,
  leaseId: string,
): Promise<LeaseAccountItem> {
  if (!session.leaseIds.includes(leaseId)) throw notFound(LEASE_NOT_FOUND);
  const account = await getAccount(deps.db, leaseId, deps.clock());
  if (!account) throw notFound(LEASE_NOT_FOUND);
  return account;
}

const owed = (account: LeaseAccountItem, summary: LeaseAccountItem['summary'], n: number) =>
  Math.max(0, (account.schedule[n - 1]?.amountCents ?? 0) - (summary.paid[n - 1] ?? 0));

function installmentStatus(
  account: LeaseAccountItem,
  summary: LeaseAccountItem['summary'],
  n: number,
  today: string,
): InstallmentStatus {
  const i = account.schedule[n - 1]!;
  const paid = summary.paid[n - 1] ?? 0;
  if (paid >= i.amountCents) return 'paid';
  if (hasEnded(account)) return 'cancelled';
  if (i.dueDate < today) return 'past_due';
  if (i.dueDate === today) return 'due';
  return paid > 0 ? 'partially_paid' : 'scheduled';
}

interface Figures {
  account: LeaseAccountItem;
  today: string;
  summary: LeaseAccountItem['summary'];
  status: CustomerLeaseStatus;
  returnRequest: ReturnRequest | undefined;
}

async function figuresOf(deps: Pick<Deps, 'db' | 'clock'>, account: LeaseAccountItem): Promise<Figures> {
  const [today, returnRequest] = await Promise.all([
    lenderToday(deps),
    getReturnRequest(deps.db, account.leaseId, deps.clock()),
  ]);
  const summary = refresh(account.summary, account, today, hasEnded(account));
  const status = STATUS[accountStatus(account)] ?? 'current';
  return {
    account,
    today,
    summary,
    status: returnRequest && !hasEnded(account) ? 'return_requested' : status,
    returnRequest,
  };
}

function nextPayment(f: Figures): CustomerLeaseSummary['next_payment'] {
  if (hasEnded(f.account)) return null;
  const next = f.account.schedule.find((i) => owed(f.account, f.summary, i.number) > 0 && i.dueDate >= f.today);
  const due = next ?? f.account.schedule.find((i) => owed(f.account, f.summary, i.number) > 0);
  if (!due) return null;
  // What is past due is collected with the next installment: the lessee sees the whole of it.
  const amount = f.summary.pastDueCents + (next ? owed(f.account, f.summary, next.number) : 0);
  return { due_date: next?.dueDate ?? f.today, amount, autopay: f.account.autopay };
}

async function namesOf(deps: Pick<Deps, 'db' | 'clock'>, account: LeaseAccountItem) {
  const now = deps.clock();
  const [lease, checkout] = await Promise.all([
    getLease(deps.db, account.leaseId, now),
    account.checkoutId ? getCheckout(deps.db, account.checkoutId, now) : Promise.resolve(undefined),
  ]);
  const items = (checkout?.cart?.items ?? []) as { description?: string; quantity?: number }[];
  const description = items
    .map((i) => String(i.description ?? '').trim())
    .filter(Boolean)
    .join(', ');
  return {
    lease_number: lease?.row?.lease_number ?? account.checkoutId ?? null,
    retailer_name: lease?.row?.retailer_name ?? '',
    store_name: lease?.row?.store_name ?? '',
    description: description.length > 200 ? `${description.slice(0, 197)}...` : description,
  };
}

function summaryOf(f: Figures, names: Awaited<ReturnType<typeof namesOf>>): CustomerLeaseSummary {
  return {
    id: f.account.leaseId,
    ...names,
    status: f.status,
    balance: f.summary.balanceCents,
    past_due: f.summary.pastDueCents,
    next_payment: nextPayment(f),
    autopay: f.account.autopay,
  };
}

/** GET /customer/api/leases: the session's leases that have an account, newest first. */
export async function listLeases(deps: Deps, session: CustomerSession): Promise<CustomerLeaseSummary[]> {
  const now = deps.clock();
  const accounts = await Promise.all(session.leaseIds.map((id) => getAccount(deps.db, id, now)));
  const rows = await Promise.all(
    accounts
      .filter((a): a is LeaseAccountItem => Boolean(a))
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt))
      .map(async (account) => summaryOf(await figuresOf(deps, account), await namesOf(deps, account))),
  );
  return rows;
}

/** The regular installment (the most frequent amount of the schedule): what autopay debits each time. */
export function regularAmount(account: LeaseAccountItem): number {
  const counts = new Map<number, number>();
  for (const i of account.schedule) if (!i.prepaid) counts.set(i.amountCents, (counts.get(i.amountCents) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
}

/** The card the authorisation names: the one on file, or (none yet) the one the lessee gives right after agreeing. */
const cardOf = (lang: Lang, last4: string | null) =>
  last4 ? translate(lang, 'customer.autopay.card.onFile', { last4 }) : translate(lang, 'customer.autopay.card.toEnter');

/** The Regulation E authorisation as the lessee reads it (amount, timing, the card, how to revoke), in their language. */
export function autopayAuthorisation(account: LeaseAccountItem, today: string, lang: Lang, last4: string | null) {
  const brand = BRANDS.default;
  const first = account.schedule.find((i) => !i.prepaid && i.dueDate > today)?.dueDate ?? today;
  const text = translate(lang, CONSENT_TEXTS.autopay.key, {
    lender: brand.name,
    card: cardOf(lang, last4 ?? account.paymentMethod?.last4 ?? null),
    amount: formatCents(regularAmount(account)),
    frequency: translate(lang, `lease.frequency.${account.frequency}`),
    start: formatUsDate(first),
    phone: SUPPORT_PHONE,
  });
  return { text, version: CONSENT_TEXTS.autopay.version, first, amountCents: regularAmount(account) };
}

/** The lender's customer service line, named in the authorisation as a way to revoke it. */
export const SUPPORT_PHONE = '1-800-555-0199';

function autopayView(f: Figures, consents: readonly ConsentEntry[], lang: Lang): AutopayView {
  const changes = consents.filter(
    (e) => (e.kind === 'autopay_authorised' || e.kind === 'autopay_revoked') && e.lease_id === f.account.leaseId,
  );
  const authorisation = autopayAuthorisation(f.account, f.today, lang, null);
  return {
    enabled: f.account.autopay,
    changed_at: changes.at(-1)?.at ?? null,
    last4: f.account.paymentMethod?.last4 ?? null,
    authorisation_text: authorisation.text,
    authorisation_version: authorisation.version,
  };
}

/** Receipts, newest first: each payment with what was due when it was made and what was left to own after it. */
export function receiptsOf(account: LeaseAccountItem, ledger: readonly LedgerItem[]): ReceiptView[] {
  const applied = new Set(account.applied);
  const entries = ledger.filter((e) => applied.has(e.id)).sort((a, b) => a.at.localeCompare(b.at));
  let paidSoFar = account.schedule.filter((i) => i.prepaid).reduce((n, i) => n + i.amountCents, 0);
  let feesSoFar = 0;
  const paidBy = new Map<number, number>();
  for (const i of account.schedule) if (i.prepaid) paidBy.set(i.number, i.amountCents);
  const out: ReceiptView[] = [];
  const feeKinds = new Map(entries.filter((e) => e.kind === 'fee').map((e) => [e.id, e.feeKind ?? 'other'] as const));
  const dueBy = (day: string) =>
    account.schedule
      .filter((i) => i.dueDate <= day)
      .reduce((n, i) => n + Math.max(0, i.amountCents - (paidBy.get(i.number) ?? 0)), 0) + Math.max(0, feesSoFar);
  for (const e of entries) {
    const day = e.at.slice(0, 10);
    if (e.kind === 'fee') feesSoFar += e.amountCents;
    if (e.kind === 'waiver') feesSoFar -= e.amountCents;
    if (e.kind === 'fee' || e.kind === 'waiver') {
      // A fee charged or waived is a row of its own: what was due and what was left to own it, as after it.
      out.push({
        id: e.id,
        paid_at: e.at,
        kind: e.kind,
        method: 'other',
        last4: null,
        amount_paid: 0,
        amount_due: dueBy(day),
        remaining_to_ownership: Math.max(0, account.totalPaymentCents - paidSoFar) + Math.max(0, feesSoFar),
        fee_kind: e.kind === 'fee' ? (e.feeKind ?? 'other') : (feeKinds.get(e.reverses ?? '') ?? 'other'),
        fee_amount: e.amountCents,
      });
      continue;
    }
    if (
      e.kind !== 'payment' &&
      e.kind !== 'payoff' &&
      e.kind !== 'reversal' &&
      e.kind !== 'refund' &&
      e.kind !== 'settlement'
    )
      continue;
    const sign = e.kind === 'payment' || e.kind === 'payoff' || e.kind === 'settlement' ? 1 : -1;
    // Due when paid: every installment due by that day not yet covered, and the fees then owed.
    const dueNow = dueBy(day);
    for (const a of e.allocations) paidBy.set(a.installment, (paidBy.get(a.installment) ?? 0) + sign * a.cents);
    const rent = e.allocations.reduce((n, a) => n + a.cents, 0);
    paidSoFar += sign * rent;
    feesSoFar -= sign * Math.max(0, e.amountCents - rent);
    const remaining =
      e.kind === 'payoff' ? 0 : Math.max(0, account.totalPaymentCents - paidSoFar) + Math.max(0, feesSoFar);
    out.push({
      id: e.id,
      paid_at: e.at,
      kind: e.kind,
      method: e.channel ?? 'other',
      last4: e.channel === 'card' || e.channel === 'bank' ? (account.paymentMethod?.last4 ?? null) : null,
      amount_paid: sign * e.amountCents,
      amount_due: dueNow,
      remaining_to_ownership: remaining,
      fee_kind: null,
      fee_amount: 0,
    });
  }
  return out.reverse();
}

/** The lender day an attempt was presented (its outcome's date in the machine; the instant it was recorded before). */
const attemptDay = (a: AttemptItem) => a.machine?.context.history.at(-1)?.date ?? a.at.slice(0, 10);

/**
 * The latest automatic debit, when it failed and its installment is still owed: what failed, why in plain words and
 * what happens next. A later success, or the installment paid some other way, clears it.
 */
export function paymentProblemOf(
  account: LeaseAccountItem,
  summary: LeaseAccountItem['summary'],
  attempts: readonly AttemptItem[],
  today: string,
  lang: Lang,
): PaymentProblemView | null {
  if (hasEnded(account) || attempts.length === 0) return null;
  const latest = [...attempts].sort(
    (a, b) => attemptDay(a).localeCompare(attemptDay(b)) || a.installment - b.installment || a.attempt - b.attempt,
  )[attempts.length - 1]!;
  if (latest.status !== 'declined' && latest.status !== 'returned') return null;
  if (owed(account, summary, latest.installment) <= 0) return null;
  const reason = problemReasonOf(latest.channel, latest.code);
  const next = nextStepOf({
    channel: latest.channel,
    code: latest.code,
    machineState: latest.machine?.state ?? null,
    retryOn: latest.retryOn,
    today,
    autopayOn: account.autopay && Boolean(account.paymentMethod),
  });
  return {
    date: attemptDay(latest),
    amount: latest.amountCents,
    installment: latest.installment,
    attempt: latest.attempt,
    outcome: latest.status,
    method: latest.channel,
    // The method on file is the one debited unless it was changed since; only its last 4 are kept anyway.
    last4: account.paymentMethod?.kind === latest.channel ? account.paymentMethod.last4 : null,
    reason_code: reason,
    reason: translate(lang, `account.problem.reason.${reason}`),
    processor_code: latest.code,
    next_step: next.step,
    retry_on: next.retryOn,
  };
}

function dueDateView(f: Figures, limits: DueDateLimits, used: number, lang: Lang): DueDateChangeView {
  const window = dueDateWindow(f.account, f.summary, f.today, limits);
  const left = Math.max(0, limits.changesPerYear - used);
  const reason = hasEnded(f.account)
    ? translate(lang, 'customer.due_date.unavailable')
    : !window
      ? translate(lang, 'customer.due_date.unavailable')
      : left <= 0
        ? translate(lang, 'customer.due_date.noneLeft', { max: limits.changesPerYear })
        : null;
  return {
    allowed: reason === null,
    reason,
    earliest: reason === null ? (window?.earliest ?? null) : null,
    latest: reason === null ? (window?.latest ?? null) : null,
    changes_left: left,
  };
}

/** GET /customer/api/leases/{id}. */
export async function leaseDetail(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  lang: Lang,
): Promise<CustomerLeaseDetail> {
  return detailOf(deps, await ownAccount(deps, session, leaseId), lang);
}

export async function detailOf(deps: Deps, account: LeaseAccountItem, lang: Lang): Promise<CustomerLeaseDetail> {
  const now = deps.clock();
  const [f, names, ledger, consents, limits, attempts] = await Promise.all([
    figuresOf(deps, account),
    namesOf(deps, account),
    listLedger(deps.db, account.leaseId, now),
    readConsents(deps.db, account.leaseId, now),
    dueDateLimits(deps, account.state),
    listAttempts(deps.db, account.leaseId, now),
  ]);
  const schedule: ScheduleEntryView[] = account.schedule.map((i) => ({
    number: i.number,
    due_date: i.dueDate,
    amount: i.amountCents,
    paid: Math.min(i.amountCents, f.summary.paid[i.number - 1] ?? 0),
    status: installmentStatus(account, f.summary, i.number, f.today),
  }));
  const ended = hasEnded(account);
  const used = recentChanges(account, f.today).length;
  const { autopay: _autopay, ...summary } = summaryOf(f, names);
  return {
    ...summary,
    days_past_due: f.summary.daysPastDue,
    frequency: account.frequency,
    total_of_payments: account.totalPaymentCents,
    total_paid: f.summary.rentPaidCents,
    fees_owed: Math.max(0, f.summary.feesCents - f.summary.feesPaidCents),
    payment_problem: paymentProblemOf(account, f.summary, attempts, f.today, lang),
    cash_price: account.cashPriceCents,
    schedule,
    receipts: receiptsOf(account, ledger),
    autopay: autopayView(f, consents, lang),
    due_date_change: dueDateView(f, limits, used, lang),
    payoff_available: !ended && f.summary.balanceCents > 0,
    return_available: !ended && !f.returnRequest,
    return_request: f.returnRequest
      ? { requested_at: f.returnRequest.requestedAt, instructions: translate(lang, 'customer.return.instructions') }
      : null,
    reminders: {
      ...reminderChannels(consents),
      sms_consent_text: translate(lang, CONSENT_TEXTS.reminders_sms.key),
    },
  };
}

/** GET /customer/api/leases/{id}/payoff: the contract's early purchase terms applied to the ledger as it stands. */
export async function payoffView(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  lang: Lang,
): Promise<PayoffQuoteView> {
  const account = await ownAccount(deps, session, leaseId);
  const f = await figuresOf(deps, account);
  if (hasEnded(account) || f.summary.balanceCents <= 0) throw closed(account, lang, 'customer.payoff.unavailable');
  const quote = payoffQuote(account, f.summary, f.today);
  if (!quote) throw closed(account, lang, 'customer.payoff.unavailable');
  return {
    amount: quote.amountCents,
    valid_until: quote.validUntil,
    basis: quote.withinWindow ? 'early_purchase_window' : 'formula',
    remaining_scheduled: f.summary.balanceCents,
  };
}

/** A 409 naming the lease's state in the lessee's words. */
export function closed(account: LeaseAccountItem, lang: Lang, key: string) {
  const status = translate(lang, `servicingServer.status.${accountStatus(account)}`);
  return conflictWith(translate(lang, key, { status }));
}
