import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import { getCheckout } from '../../data/checkouts.ts';
import { newEvent, type OutboxEvent } from '../../data/items.ts';
import { getLease } from '../../data/leases.ts';
import {
  createAccount,
  getAccount,
  listAttempts,
  listLedger,
  putDue,
  putLedgerEntry,
  saveAccount,
  type LeaseAccountItem,
  type LedgerEntry,
} from '../../data/servicing.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { AccountFacts, LeaseAccountEvent } from '../../../machines/lease-account/lease-account.machine.ts';
import { settleKeptPromise } from '../../../machines/domain/servicing/collections-work.ts';
import { applyToAccount, ENDED, factsOf, openedStatus, OWNED, type AccountStatusName } from './account-state.ts';
import { clockOffsetDays, LENDER_TIME_ZONE, lenderToday } from './clock.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { buildSchedule } from '../../../machines/domain/servicing/schedule.ts';
import { foldEntry, initialSummary, payoffQuote, refresh } from './account-figures.ts';

// The lease account: opened when a lease is funded (the whole lease, or its first tranche with partial delivery),
// read as the lessee's and the staff's view, and changed only through `commitEntry` (a ledger entry and the account
// write, a conditional pair) with the account's life applied as a transition.

export type ServicingDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'providers' | 'crypto' | 'config'>;

/** Opens the account of a funded lease (idempotent: an existing account is returned as it is). */
export async function openAccount(deps: ServicingDeps, leaseId: string): Promise<LeaseAccountItem | undefined> {
  const now = deps.clock();
  const existing = await getAccount(deps.db, leaseId, now);
  if (existing) return existing;
  const lease = await getLease(deps.db, leaseId, now);
  if (!lease || !(lease.fundedAt || lease.fundedTranches?.length) || !lease.checkoutId) return undefined;
  const checkout = await getCheckout(deps.db, lease.checkoutId, now);
  const contract = checkout?.lease;
  if (!contract) return undefined;
  const c = contract.computation;
  // The contract's dates are real calendar dates; in the sandbox, after the clock was moved forward, the account
  // lives on the lender's date, so its dates move by the same offset (else a lease would be born past due).
  const offset = deps.config.production ? 0 : await clockOffsetDays(deps);
  const schedule = buildSchedule({
    leaseId,
    state: contract.input.state,
    computation: c,
    epoDays: contract.epoDays,
    remainingPaymentsPercent: contract.remainingPaymentsPercent,
  }).installments.map((i) => ({
    number: i.number,
    dueDate: addDays(i.dueDate, offset),
    amountCents: i.amountCents,
    prepaid: i.prepaid,
    rentCents: i.rentCents,
  }));
  // The due-date entries first (each a put-once): if the process dies before the account is created, the rerun
  // files them again harmlessly; an entry without its account is skipped by collection.
  for (const i of schedule)
    if (!i.prepaid)
      await putDue(deps.db, i.dueDate, { leaseId, installment: i.number, attempt: 1, amountCents: i.amountCents });
  const summary = initialSummary(schedule, c.totalPayment);
  try {
    return await createAccount(deps.db, {
      leaseId,
      checkoutId: lease.checkoutId,
      storeId: lease.storeId,
      retailerId: lease.retailerId,
      state: contract.input.state,
      timeZone: LENDER_TIME_ZONE,
      language: c.primaryLanguage,
      frequency: c.paymentFrequency,
      leaseBeginsAt: addDays(c.leaseBeginsAt, offset),
      termMonths: c.termMonths,
      totalPaymentCents: c.totalPayment,
      cashPriceCents: c.effectiveCashPrice,
      epoFeeCents: c.epoFee,
      epoDays: contract.epoDays,
      remainingPaymentsPercent: contract.remainingPaymentsPercent,
      openedAt: now.toISOString(),
      tranches: (lease.fundedTranches ?? []).map((t) => t.id),
      schedule,
      status: openedStatus(leaseId),
      statusName: 'current',
      paymentMethod: null,
      autopay: false,
      summary,
      attempts: {},
      applied: [],
      closedThrough: null,
      updatedAt: now.toISOString(),
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return getAccount(deps.db, leaseId, now);
    throw error;
  }
}

/** The account or a 404 in the reader's language. */
export async function requireAccount(deps: ServicingDeps, leaseId: string, lang: Lang): Promise<LeaseAccountItem> {
  const account = await getAccount(deps.db, leaseId, deps.clock());
  if (!account) throw notFound(translate(lang, 'servicingServer.notFound'));
  return account;
}

/** All the lessee has paid (rent and fees), the running total a promise to pay is measured against. */
export const paidTotalCents = (summary: LeaseAccountItem['summary']) => summary.rentPaidCents + summary.feesPaidCents;

export const statusOf = (account: LeaseAccountItem) => account.statusName as AccountStatusName;

/** A refused transition as the 409 a person can read (a key of the servicing-server catalogue). */
export function refusal(lang: Lang, reason: string, params: Record<string, string>): AppError {
  const filled = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, translate(lang, v)]));
  return conflict(translate(lang, reason, filled));
}

/** The event the retailer and the reports get (aggregate `leaseAccount`; the dispatcher finds the checkout). */
export function accountEvent(
  account: LeaseAccountItem,
  type: string,
  data: Record<string, unknown>,
  now: Date,
): OutboxEvent {
  return newEvent(
    type,
    { type: 'leaseAccount', id: account.leaseId },
    {
      application_id: account.leaseId,
      lease_id: account.leaseId,
      checkout_id: account.checkoutId,
      store_id: account.storeId,
      retailer_id: account.retailerId,
      ...data,
    },
    now,
  );
}

export interface Commit {
  entry: LedgerEntry;
  /** The lease-account machine's event the entry makes, given the facts of the account with the entry folded in. */
  event: (facts: AccountFacts, summary: LeaseAccountItem['summary']) => LeaseAccountEvent;
  /** Outbox events given the account after the write. */
  events?: (after: LeaseAccountItem, before: LeaseAccountItem) => OutboxEvent[];
  /** Other changes to the account in the same write (attempt counters, the late-fee marker). */
  change?: (next: LeaseAccountItem) => LeaseAccountItem;
  lang: Lang;
  today: string;
}

/**
 * Writes a ledger entry and folds it into the account: the entry first (put once under its id), then the account on
 * its version with the entry's id in `applied`. A rerun after a crash between the two finds the entry there and
 * completes the account write; an entry already applied is not applied twice. The transition is checked before the
 * entry is written, so a refused event leaves no entry.
 */
export async function commitEntry(
  deps: ServicingDeps,
  account: LeaseAccountItem,
  commit: Commit,
): Promise<LeaseAccountItem> {
  let current = account;
  const plan = (a: LeaseAccountItem) => {
    const folded = refresh(foldEntry(a.summary, commit.entry), a, commit.today, false);
    const moved = applyToAccount(a.status, commit.event(factsOf(a, folded), folded), commit.lang);
    return { folded, moved };
  };
  // A repeat of an entry already applied (the same idempotency key) changes nothing.
  if (current.applied.includes(commit.entry.id)) return current;
  const first = plan(current);
  if (!first.moved.ok) throw conflict(first.moved.message);
  await putLedgerEntry(deps.db, current.leaseId, commit.entry);
  for (let round = 0; ; round++) {
    if (current.applied.includes(commit.entry.id)) return current;
    const { folded, moved } = plan(current);
    if (!moved.ok) throw conflict(moved.message);
    const summary = refresh(folded, current, commit.today, ENDED.has(moved.statusName));
    let next: LeaseAccountItem = {
      ...current,
      summary,
      statusName: moved.statusName,
      status: moved.status,
      applied: [...current.applied, commit.entry.id],
      updatedAt: deps.clock().toISOString(),
    };
    if (commit.change) next = commit.change(next);
    // A promise to pay that this entry completes is kept (issue 23): a later return then finds no promise pending.
    if (next.collection)
      next = { ...next, collection: settleKeptPromise(next.collection, paidTotalCents(next.summary), commit.today) };
    const events = commit.events ? commit.events(next, current) : [];
    try {
      return await saveAccount(deps.db, current, next, events);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409) || round >= 4) throw error;
      const reread = await getAccount(deps.db, current.leaseId, deps.clock());
      if (!reread) throw error;
      current = reread;
    }
  }
}

/** Saves an account change that writes no ledger entry (a status move at day close, autopay, the payment method). */
export async function saveAccountChange(
  deps: ServicingDeps,
  account: LeaseAccountItem,
  change: (a: LeaseAccountItem) => LeaseAccountItem | null,
  events: (after: LeaseAccountItem, before: LeaseAccountItem) => OutboxEvent[] = () => [],
): Promise<LeaseAccountItem> {
  let current = account;
  for (let round = 0; ; round++) {
    const next = change(current);
    if (!next) return current;
    try {
      return await saveAccount(
        deps.db,
        current,
        { ...next, updatedAt: deps.clock().toISOString() },
        events(next, current),
      );
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409) || round >= 4) throw error;
      const reread = await getAccount(deps.db, current.leaseId, deps.clock());
      if (!reread) throw error;
      current = reread;
    }
  }
}

const money = (cents: number) => centsToDecimal(cents);

/** What the lessee and the staff read: schedule, balance, next payment, status, ledger, payoff quote of today. */
export async function accountView(deps: ServicingDeps, leaseId: string, options: { lang: Lang; staff?: boolean }) {
  const account = await requireAccount(deps, leaseId, options.lang);
  const today = await lenderToday(deps);
  const status = statusOf(account);
  const ended = ENDED.has(status);
  const summary = refresh(account.summary, account, today, ended);
  const applied = new Set(account.applied);
  // Only entries folded into the account; one per id (a retried request may have left a twin under another time).
  const seen = new Set<string>();
  const ledger = (await listLedger(deps.db, leaseId, deps.clock())).filter(
    (e) => applied.has(e.id) && !seen.has(e.id) && Boolean(seen.add(e.id)),
  );
  const nextDue = ended
    ? undefined
    : account.schedule.find((i) => i.amountCents - (summary.paid[i.number - 1] ?? 0) > 0);
  const quote = ended ? null : payoffQuote(account, summary, today);
  const view = {
    lease_id: leaseId,
    status,
    status_label: translate(options.lang, `servicingServer.status.${status}`),
    owned: OWNED.has(status),
    days_past_due: summary.daysPastDue,
    bucket: summary.bucket,
    today,
    balance: money(summary.balanceCents),
    past_due: money(summary.pastDueCents),
    total_of_payments: money(account.totalPaymentCents),
    paid_to_date: money(summary.rentPaidCents),
    fees_owed: money(Math.max(0, summary.feesCents - summary.feesPaidCents)),
    frequency: account.frequency,
    autopay: account.autopay,
    payment_method: account.paymentMethod
      ? { kind: account.paymentMethod.kind, last4: account.paymentMethod.last4 }
      : null,
    next_payment: nextDue
      ? {
          installment: nextDue.number,
          due_date: nextDue.dueDate,
          amount: money(nextDue.amountCents - (summary.paid[nextDue.number - 1] ?? 0)),
        }
      : null,
    schedule: account.schedule.map((i) => {
      const paid = Math.min(i.amountCents, summary.paid[i.number - 1] ?? 0);
      const state =
        paid >= i.amountCents
          ? 'paid'
          : ended
            ? 'closed'
            : i.dueDate < today
              ? 'past_due'
              : paid > 0
                ? 'partial'
                : i.dueDate === today
                  ? 'due'
                  : 'upcoming';
      return {
        installment: i.number,
        due_date: i.dueDate,
        amount: money(i.amountCents),
        paid: money(paid),
        status: state,
      };
    }),
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      at: e.at,
      amount: money(e.amountCents),
      channel: e.channel ?? null,
      reverses: e.reverses ?? null,
      fee_kind: e.feeKind ?? null,
      allocations: e.allocations.map((a) => ({ installment: a.installment, amount: money(a.cents) })),
    })),
    payoff: quote
      ? {
          amount: money(quote.amountCents),
          valid_until: quote.validUntil,
          within_early_purchase_window: quote.withinWindow,
        }
      : null,
  };
  if (!options.staff) return view;
  const attempts = await listAttempts(deps.db, leaseId, deps.clock());
  return {
    ...view,
    attempts: attempts.map((a) => ({
      installment: a.installment,
      attempt: a.attempt,
      channel: a.channel,
      amount: money(a.amountCents),
      status: a.status,
      code: a.code,
      message: a.message,
      at: a.at,
      retry_on: a.retryOn,
    })),
    store_id: account.storeId,
    state: account.state,
    opened_at: account.openedAt,
  };
}
