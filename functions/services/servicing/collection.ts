import { centsToDecimal } from '../../../machines/domain/money.ts';
import { ensureQueueCounts } from '../../data/collections-counts.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import {
  dueOn,
  getAccount,
  getAttempt,
  pad,
  putAttempt,
  putDue,
  type AttemptData,
  type DueItem,
  type LeaseAccountItem,
  type LedgerEntry,
} from '../../data/servicing.ts';
import { AchError } from '../../providers/ach/port.ts';
import { CardVaultError } from '../../providers/card-vault/port.ts';
import { accountEvent, commitEntry, saveAccountChange, statusOf, type ServicingDeps } from './accounts.ts';
import { applyToAccount, ENDED, factsOf } from './account-state.ts';
import { markClosedThrough, readClock } from './clock.ts';
import { accountData, paymentEvents } from './payments.ts';
import { allocate, lateFeeDays, lateFeeDue, lateFeeFromDays, refresh } from './account-figures.ts';
import { attemptStart, decideAttempt, RETRY_AFTER_DAYS, returnFeeAllowed } from './attempt-state.ts';
import { DEFAULT_RETURN_FEE_CENTS } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { loadServicingRule, loadServicingRules } from './servicing-rules.ts';
import { noticeFailedDebit, noticeVaryingDebits, remindUpcomingDebits, varyingNoticeFor } from './reminders.ts';
import { snapshotBook } from './report-counters.ts';
import { autopayDebitCents } from '../../../machines/domain/servicing/nacha.ts';

// The close of business of one lender date: every installment (or retry) filed under DUE#<date> is charged once per
// attempt with the idempotency key (lease, installment, attempt number); the account's status moves to past due for
// what stays unpaid; late fees are posted once per delinquency after the state's grace. Locally the server runs it
// when the lender's date changes and on demand (POST /sandbox/clock); in AWS a schedule feeds a queue whose consumer
// runs the same function.
//
// Per due installment: Query (one page per 100 due items), the account (GetItem), the attempt (put once), the ledger
// entry (put once, when the charge succeeded) and the account (conditional on its version): at most 4 writes and
// reads plus the page. A crash anywhere is safe to rerun: the charge replays its idempotency key at the vendor, the
// attempt and the entry are put once under keys made from that key, and the account records the attempt number, so
// the rerun of an attempt already recorded does nothing.

export interface CloseStats {
  date: string;
  due: number;
  charged: number;
  succeeded: number;
  failed: number;
  skipped: number;
  lateFees: number;
  errors: number;
}

export const collectionKey = (leaseId: string, installment: number, attempt: number) =>
  `col_${leaseId}_${pad(installment, 3)}_${pad(attempt, 2)}`;

type Outcome =
  | { ok: true; vendorId: string; channel: 'card' | 'bank' }
  | { ok: false; vendorId: string | null; channel: 'card' | 'bank'; code: string; message: string };

async function chargeInstallment(
  deps: ServicingDeps,
  account: LeaseAccountItem,
  amountCents: number,
  key: string,
): Promise<Outcome> {
  const method = account.paymentMethod!;
  if (method.kind === 'card') {
    const r = await deps.providers.cardVault.chargeSaved({
      paymentMethodId: method.paymentMethodId,
      customerId: method.customerId,
      amountCents,
      currency: 'usd',
      idempotencyKey: key,
      reference: account.leaseId,
      description: 'Scheduled lease payment',
    });
    if (r.status === 'succeeded' || r.status === 'pending') return { ok: true, vendorId: r.chargeId, channel: 'card' };
    const code = r.status === 'declined' ? r.declineCode : r.code;
    return {
      ok: false,
      vendorId: r.chargeId,
      channel: 'card',
      code,
      message: r.message,
    };
  }
  const d = await deps.providers.ach.debit({
    routingNumber: await deps.crypto.decrypt(method.routingNumber),
    accountNumber: await deps.crypto.decrypt(method.accountNumber),
    amountCents,
    idempotencyKey: key,
    reference: account.leaseId,
    secCode: 'PPD',
  });
  if (d.status === 'settled') return { ok: true, vendorId: d.traceId, channel: 'bank' };
  return {
    ok: false,
    vendorId: d.traceId,
    channel: 'bank',
    code: d.code,
    message: d.message,
  };
}

/** The status as of the morning after `date` (past due for what stays unpaid), saved with the attempt count. */
function closedState(a: LeaseAccountItem, morning: string, attempts?: { installment: number; attempt: number }) {
  const status = statusOf(a);
  const summary = refresh(a.summary, a, morning, ENDED.has(status));
  // The close of a day is accepted in every state (an ended account only records its figures).
  const moved = applyToAccount(
    a.status,
    { type: 'account.day_closed', date: morning, ...factsOf(a, refresh(a.summary, a, morning, false)) },
    a.language,
  );
  const next: LeaseAccountItem = {
    ...a,
    summary,
    statusName: moved.ok ? moved.statusName : status,
    status: moved.ok ? moved.status : a.status,
    attempts: attempts ? { ...a.attempts, [attempts.installment]: attempts.attempt } : a.attempts,
  };
  return next;
}

/** Charges one due installment (or retry) of `date`; returns what happened. */
export async function collectDue(
  deps: ServicingDeps,
  due: DueItem,
  date: string,
): Promise<'succeeded' | 'failed' | 'skipped' | 'errors'> {
  const now = deps.clock();
  const account = await getAccount(deps.db, due.leaseId, now);
  if (!account || ENDED.has(statusOf(account))) return 'skipped';
  const installment = account.schedule[due.installment - 1];
  if (!installment) return 'skipped';
  const owed = installment.amountCents - (account.summary.paid[due.installment - 1] ?? 0);
  const morning = addDays(date, 1);
  if (owed <= 0 || (account.attempts[due.installment] ?? 0) >= due.attempt) return 'skipped';
  if (!account.autopay || !account.paymentMethod) {
    // Nothing to charge: the lessee pays by themselves; the account still moves to past due when it is.
    await saveAccountChange(deps, account, (a) => {
      const next = closedState(a, morning);
      return next.statusName === a.statusName && next.summary.daysPastDue === a.summary.daysPastDue ? null : next;
    });
    return 'skipped';
  }
  const key = collectionKey(account.leaseId, due.installment, due.attempt);
  // Regulation E: fees owed ride along with the first presentment only where the lessee was told that amount at
  // least 10 days before (reminders.ts noticeVaryingDebits); otherwise the installment alone is debited.
  const feesOwed = due.attempt === 1 ? Math.max(0, account.summary.feesCents - account.summary.feesPaidCents) : 0;
  const { cents: debitCents } = autopayDebitCents({
    installmentOwedCents: owed,
    otherOwedCents: feesOwed,
    debitDate: date,
    notice: feesOwed > 0 ? await varyingNoticeFor(deps, due) : null,
  });
  let outcome: Outcome;
  try {
    outcome = await chargeInstallment(deps, account, debitCents, key);
  } catch (error) {
    // The vendor failed or refused the request: nothing recorded, the rerun tries the same key again.
    if (error instanceof CardVaultError || error instanceof AchError) {
      deps.log.warn('collection charge will be retried', { leaseId: account.leaseId, key, error: error.message });
      return 'errors';
    }
    throw error;
  }
  // The payment-attempt machine decides the outcome and whether (and when) the debit is presented again.
  const previous =
    due.attempt > 1 ? await getAttempt(deps.db, account.leaseId, due.installment, due.attempt - 1, now) : undefined;
  const start = attemptStart(previous, {
    leaseId: account.leaseId,
    installment: due.installment,
    channel: outcome.channel,
    amountCents: debitCents,
    date,
  });
  const decision = decideAttempt(
    start,
    date,
    outcome.ok ? { ok: true } : { ok: false, channel: outcome.channel, code: outcome.code, date },
    addDays(date, RETRY_AFTER_DAYS),
  );
  const retryOn = decision.retryOn;
  const attempt: AttemptData = {
    leaseId: account.leaseId,
    installment: due.installment,
    attempt: due.attempt,
    idempotencyKey: key,
    channel: outcome.channel,
    amountCents: debitCents,
    status: decision.outcome,
    code: outcome.ok ? null : outcome.code,
    message: outcome.ok ? null : outcome.message,
    vendorId: outcome.vendorId,
    at: now.toISOString(),
    retryOn,
    machine: decision.persisted,
  };
  if (!(await putAttempt(deps.db, attempt))) {
    // A rerun: the first run's attempt stands (its time orders the ledger entry).
    const first = await getAttempt(deps.db, account.leaseId, due.installment, due.attempt, now);
    if (first) attempt.at = first.at;
  }
  const counted = { installment: due.installment, attempt: due.attempt };
  if (outcome.ok) {
    // Allocated by the core's order like any payment (an older installment still unpaid is paid first).
    const { allocations, feesCents } = allocate(account, account.summary, debitCents, date);
    const entry: LedgerEntry = {
      id: key,
      kind: 'payment',
      at: `${date}T23:59:59.000Z`,
      amountCents: debitCents,
      channel: outcome.channel,
      allocations,
      feesCents,
      reference: outcome.vendorId,
    };
    await commitEntry(deps, account, {
      entry,
      today: morning,
      lang: account.language,
      event: (facts) => ({ type: 'account.payment_posted', ...facts }),
      change: (next) => ({
        ...next,
        attempts: { ...next.attempts, [due.installment]: due.attempt },
      }),
      events: (after, before) => paymentEvents(after, before, entry, now),
    });
    return 'succeeded';
  }
  // A returned debit's fee only where NACHA's code, the notice and the state allow it (once: its id is the debit's).
  const rule = outcome.channel === 'bank' ? await loadServicingRule(deps, account.state) : undefined;
  if (rule && returnFeeAllowed(outcome.code, rule, false))
    await commitEntry(deps, account, {
      entry: {
        id: `retfee_${key}`,
        kind: 'fee',
        feeKind: 'return',
        at: `${date}T23:59:59.250Z`,
        amountCents: Math.min(DEFAULT_RETURN_FEE_CENTS, rule.returnFeeMaxCents),
        allocations: [],
      },
      today: morning,
      lang: account.language,
      event: (facts) => ({ type: 'account.day_closed', date: morning, ...facts }),
    });
  if (retryOn)
    await putDue(deps.db, retryOn, {
      leaseId: account.leaseId,
      installment: due.installment,
      attempt: due.attempt + 1,
      amountCents: owed,
    });
  await saveAccountChange(
    deps,
    account,
    (a) => ((a.attempts[due.installment] ?? 0) >= due.attempt ? null : closedState(a, morning, counted)),
    (after, before) => [
      accountEvent(
        after,
        'lease.payment_failed',
        {
          payment: {
            id: key,
            installment: due.installment,
            attempt: due.attempt,
            amount: centsToDecimal(debitCents),
            channel: outcome.channel,
            code: outcome.ok ? null : outcome.code,
            retry_on: retryOn,
            business_date: date,
          },
          account: accountData(after, before),
        },
        now,
      ),
    ],
  );
  return 'failed';
}

/** The late fee of one account whose installment is `daysLate` days late the morning after `date` (once per delinquency). */
async function lateFeeFor(deps: ServicingDeps, due: DueItem, date: string, daysLate: number): Promise<boolean> {
  const account = await getAccount(deps.db, due.leaseId, deps.clock());
  if (!account || ENDED.has(statusOf(account))) return false;
  const rule = await loadServicingRule(deps, account.state);
  if (lateFeeFromDays(account, rule) !== daysLate) return false;
  const morning = addDays(date, 1);
  const summary = refresh(account.summary, account, morning, false);
  const fee = lateFeeDue(account, summary, morning, rule);
  if (fee.cents <= 0 || !fee.delinquency) return false;
  const since = fee.delinquency;
  await commitEntry(deps, account, {
    entry: {
      id: `late_${account.leaseId}_${since}`,
      kind: 'fee',
      feeKind: 'late',
      at: `${date}T23:59:59.500Z`,
      amountCents: fee.cents,
      allocations: [],
    },
    today: morning,
    lang: account.language,
    // A fee changes neither ownership nor delinquency: the machine records the figures as at the day's close.
    event: (facts) => ({ type: 'account.day_closed', date: morning, ...facts }),
    change: (next) => ({ ...next, summary: { ...next.summary, lateFeeFor: since } }),
  });
  return true;
}

const CONCURRENCY = 8;

/** The close of business of one lender date. */
export async function closeBusinessDay(
  deps: ServicingDeps,
  date: string,
  /** Collects the debits declined or returned this day, for the lessee's notices (reminders.ts). */
  failed?: DueItem[],
): Promise<CloseStats> {
  const stats: CloseStats = { date, due: 0, charged: 0, succeeded: 0, failed: 0, skipped: 0, lateFees: 0, errors: 0 };
  let cursor: string | undefined;
  do {
    const page = await dueOn(deps.db, date, deps.clock(), cursor);
    // A page's installments are charged a few at a time (each is a different lease: no contention between them).
    let next = 0;
    const worker = async () => {
      while (next < page.items.length) {
        const due = page.items[next++]!;
        stats.due++;
        try {
          const what = await collectDue(deps, due, date);
          if (what === 'succeeded' || what === 'failed') stats.charged++;
          stats[what]++;
          // The lessee's notice is sent after the close (closeDaysPassed), not in its measured path.
          if (what === 'failed') failed?.push(due);
        } catch (error) {
          stats.errors++;
          deps.log.error('collection of a due installment failed; the rerun picks it up', {
            leaseId: due.leaseId,
            installment: due.installment,
            error: String(error),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    cursor = page.cursor;
  } while (cursor);
  // Late fees: the installments that are, the morning after `date`, as many days late as some state's rule needs
  // (the rules in force at this close: staff edit them in State Rules).
  for (const daysLate of lateFeeDays(await loadServicingRules(deps))) {
    cursor = undefined;
    do {
      const page = await dueOn(deps.db, addDays(date, 1 - daysLate), deps.clock(), cursor);
      for (const due of page.items) {
        if (due.attempt !== 1) continue;
        try {
          if (await lateFeeFor(deps, due, date, daysLate)) stats.lateFees++;
        } catch (error) {
          stats.errors++;
          deps.log.error('late fee not posted; the rerun picks it up', { leaseId: due.leaseId, error: String(error) });
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return stats;
}

/** A reminder that fails is logged and never holds up the close (nothing owed depends on it). */
async function noticeQuietly(deps: ServicingDeps, send: () => Promise<unknown>) {
  try {
    await send();
  } catch (error) {
    deps.log.warn('a payment reminder could not be sent', { error: String(error) });
  }
}

// The closes running in this process, by table: the local server's close-of-business timer and a sandbox clock advance
// can start side by side. Run together they close the same days at once: each reports the other's charges as its own,
// and a write that loses a race leaves its day open, so the advance can answer before the days it passed are closed
// (the late fee of a day not closed yet not posted). They take turns instead; the later one finds those days closed.
const closing = new Map<string, Promise<unknown>>();

/** Closes every lender date not closed yet, up to yesterday (the day just ended); a restart resumes from there. */
export function closeDaysPassed(deps: ServicingDeps): Promise<CloseStats[]> {
  const key = deps.db.tableName;
  const run = (closing.get(key) ?? Promise.resolve()).then(
    () => closeOpenDays(deps),
    () => closeOpenDays(deps),
  );
  closing.set(key, run);
  const forget = () => {
    if (closing.get(key) === run) closing.delete(key);
  };
  run.then(forget, forget);
  return run;
}

async function closeOpenDays(deps: ServicingDeps): Promise<CloseStats[]> {
  // A table whose accounts predate the collections queue's counts gets them before its first close (issue 23).
  await ensureQueueCounts(deps.db);
  const clock = await readClock(deps);
  // yesterday by the clock just read, not by the cached offset (the days an advance just passed are closed now)
  const through = addDays(clock.today, -1);
  const out: CloseStats[] = [];
  let day = clock.closedThrough ? addDays(clock.closedThrough, 1) : through;
  for (; day <= through; day = addDays(day, 1)) {
    const failed: DueItem[] = [];
    const stats = await closeBusinessDay(deps, day, failed);
    out.push(stats);
    // The lessee's notices (issue 22, reminders.ts), apart from the close itself so that the close's own cost per due
    // installment is what it measures: each failed debit of the day, then the autopay debits a few days ahead. Each
    // is sent once per debit attempt, so a day closed again (after errors) repeats none.
    const date = day;
    for (const due of failed) await noticeQuietly(deps, () => noticeFailedDebit(deps, due, date));
    // A day with errors stays open: the next run does it again (every step of it is idempotent).
    if (stats.errors) break;
    await markClosedThrough(deps, day);
    // The book's buckets at this close, for the roll rates (issue 23); a report, so a failure never holds the day.
    try {
      await snapshotBook(deps, date);
    } catch (error) {
      deps.log.warn('the roll rates miss the book snapshot of a day', { date, error: String(error) });
    }
    await noticeQuietly(deps, () => remindUpcomingDebits(deps, date));
    await noticeQuietly(deps, () => noticeVaryingDebits(deps, date));
  }
  return out;
}
