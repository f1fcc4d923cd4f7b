import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type {
  PaymentAttemptState,
  PersistedPaymentAttempt,
} from '../../machines/payment-attempt/payment-attempt.machine.ts';
import type { Db } from './client.ts';
import { collectionKeys, collectionWorkKeys } from './collections.ts';
import { moveQueueCounts, queueEntryOf } from './collections-counts.ts';
import type { CollectionWork } from '../../machines/domain/servicing/collections-work.ts';
import {
  createItem,
  getItem,
  isConditionFailure,
  queryAll,
  queryPartition,
  saveVersioned,
  type OutboxEvent,
  type StoredItem,
} from './items.ts';

// Servicing storage (issue 22). Everything of one lease's servicing sits in its own partition `LEASE#<id>`:
//   account   sk ACCOUNT                       the lease account: the account machine's status, the schedule, the
//                                              payment method, a cached summary (rewritten in the same conditional
//                                              write as each ledger entry), `v` and the outbox.
//   ledger    sk LEDGER#<time>#<entryId>       append-only entries (payments with their allocations, fees, waivers,
//                                              reversals, refunds, payoff, return, charge-off, reinstatement).
//   attempts  sk ATTEMPT#<nnn>#<nn>            one debit of installment nnn, attempt nn (the idempotency key's parts).
// The due-date partition lists what collection charges on a lender's date, found by Query (never Scan):
//   due       pk DUE#<yyyy-mm-dd>, sk <leaseId>#<nnn>#<nn>   an installment (or a retry of it) due that day.
// The ledger of a day, for the accounting export: gsi2 LEDGERDAY#<yyyy-mm-dd> / <time>#<entryId> on each entry.
// dynalite has no transactions, so a write that touches two items is a conditional pair safe if interrupted: the
// ledger entry (or attempt) is put first under a key derived from the idempotency key (attribute_not_exists), then
// the account is saved on its version with the entry's id in `applied`; a rerun after a crash finds the entry, skips
// re-charging (the vendor replays the same key) and completes the account write (services/servicing/accounts.ts
// commitEntry).

export const accountKey = (leaseId: string) => ({ pk: `LEASE#${leaseId}`, sk: 'ACCOUNT' });
export const ledgerSk = (at: string, entryId: string) => `LEDGER#${at}#${entryId}`;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const attemptSk = (installment: number, attempt: number) => `ATTEMPT#${pad(installment, 3)}#${pad(attempt, 2)}`;
export const duePk = (date: string) => `DUE#${date}`;
export const dueSk = (leaseId: string, installment: number, attempt: number) =>
  `${leaseId}#${pad(installment, 3)}#${pad(attempt, 2)}`;

export type PaymentChannel = 'card' | 'bank' | 'phone' | 'cash';

/** How the account pays: a saved card (the vault's payment method) or a bank account (encrypted, last 4 shown). */
export type StoredPaymentMethod =
  | { kind: 'card'; paymentMethodId: string; customerId: string | null; brand: string; last4: string }
  | { kind: 'bank'; accountNumber: string; routingNumber: string; last4: string; authorizedAt: string };

export interface StoredInstallment {
  number: number;
  dueDate: string;
  amountCents: number;
  /** Paid at signing (the down payment carried it). */
  prepaid: boolean;
  /** The rent in the amount (the rest is the protection plan); absent on accounts opened before it was stored: all rent. */
  rentCents?: number;
}

/** One installment's share of a payment (the transaction-to-installment mapping). */
export interface Allocation {
  installment: number;
  cents: number;
}

export type LedgerKind =
  | 'payment'
  | 'fee'
  | 'waiver'
  | 'reversal'
  | 'refund'
  | 'payoff'
  | 'return'
  | 'charge_off'
  | 'reinstatement'
  | 'settlement';

export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  at: string;
  /** Signed effect on what the lessee owes is derived from kind; the amount itself is always >= 0. */
  amountCents: number;
  channel?: PaymentChannel;
  allocations: Allocation[];
  /** A reversal names the entry it reverses; a waiver the fee it waives. */
  reverses?: string;
  feeKind?: 'late' | 'return';
  /** A settlement: what the lender wrote off (the amount is what the lessee paid to settle). */
  forgivenCents?: number;
  /** The part of a payment or payoff that paid fees (absent on older entries: what the installments did not take). */
  feesCents?: number;
  reference?: string;
  note?: string;
}

export interface LedgerItem extends StoredItem, LedgerEntry {
  entity: 'leaseLedger';
  leaseId: string;
}

export interface AttemptData {
  leaseId: string;
  installment: number;
  attempt: number;
  idempotencyKey: string;
  channel: 'card' | 'bank';
  amountCents: number;
  /** What became of this presentment (the payment-attempt machine's state after the vendor's answer). */
  status: PaymentAttemptState;
  code: string | null;
  message: string | null;
  vendorId: string | null;
  at: string;
  retryOn: string | null;
  /** The payment-attempt machine after the retry decision (retry_scheduled, given_up or settled). */
  machine?: PersistedPaymentAttempt;
}

export interface AttemptItem extends StoredItem, AttemptData {
  entity: 'paymentAttempt';
}

export interface DueData {
  leaseId: string;
  installment: number;
  attempt: number;
  amountCents: number;
}

export interface DueItem extends StoredItem, DueData {
  entity: 'due';
}

export interface AccountSummary {
  /** Per installment (index = number - 1): cents paid against it. */
  paid: number[];
  rentPaidCents: number;
  feesCents: number;
  feesPaidCents: number;
  /** Rent and fees still owed to the end of the term. */
  balanceCents: number;
  pastDueCents: number;
  daysPastDue: number;
  bucket: '0' | '1-30' | '31-60' | '61-90' | '90+';
  /** The delinquency (its first missed due date) already charged a late fee. */
  lateFeeFor: string | null;
  entries: number;
}

export interface LeaseAccountData {
  leaseId: string;
  checkoutId: string | null;
  storeId: string;
  retailerId: string;
  state: string;
  timeZone: string;
  language: 'en' | 'es';
  frequency: string;
  leaseBeginsAt: string;
  termMonths: number;
  totalPaymentCents: number;
  cashPriceCents: number;
  epoFeeCents: number;
  epoDays: number;
  remainingPaymentsPercent: number;
  openedAt: string;
  /** The funding tranches the account was opened or extended with. */
  tranches: string[];
  schedule: StoredInstallment[];
  /** The lease-account machine's persisted snapshot. */
  status: { machine: 'lease-account'; machineVersion: number; snapshot: unknown };
  /** Its state name, kept beside the snapshot for lists and guards that need no machine. */
  statusName: string;
  paymentMethod: StoredPaymentMethod | null;
  autopay: boolean;
  summary: AccountSummary;
  /** Attempts made per installment number (the next attempt's number is this + 1). */
  attempts: Record<string, number>;
  /** Ledger entry ids already folded into the summary (the pair's second half; bounded by the term). */
  applied: string[];
  /** The last lender date closed for this account. */
  closedThrough: string | null;
  /** The collections queue's work on it (issue 23): collector, promise to pay, channels the lessee stopped. */
  collection?: CollectionWork;
  updatedAt: string;
}

export interface LeaseAccountItem extends StoredItem, LeaseAccountData {
  entity: 'leaseAccount';
}

export async function getAccount(db: Db, leaseId: string, now: Date): Promise<LeaseAccountItem | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(leaseId)) return undefined;
  return getItem<LeaseAccountItem>(db, accountKey(leaseId), now);
}

/** Creates the account (409 when it exists: opening is idempotent through the caller's read-first). */
export async function createAccount(
  db: Db,
  data: LeaseAccountData,
  events: OutboxEvent[] = [],
): Promise<LeaseAccountItem> {
  return await createItem(db, { ...accountKey(data.leaseId), entity: 'leaseAccount' as const, ...data }, events);
}

export async function saveAccount(
  db: Db,
  previous: LeaseAccountItem,
  next: LeaseAccountItem,
  events: OutboxEvent[] = [],
): Promise<LeaseAccountItem> {
  // The collections queue's index keys follow the status in the same write (issue 23, functions/data/collections.ts),
  // and its counts right after it (collections-counts.ts): only a save that won the version adds its change.
  const saved = await saveVersioned<LeaseAccountItem>(
    db,
    previous,
    { ...next, ...collectionKeys(next), ...collectionWorkKeys(next) },
    events,
    { returnItem: false },
  );
  await moveQueueCounts(db, queueEntryOf(previous), queueEntryOf(next));
  return saved;
}

/** Puts an immutable item once; false when it is there already (a rerun of the same write). */
async function putOnce(db: Db, item: StoredItem): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({ TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function putLedgerEntry(db: Db, leaseId: string, entry: LedgerEntry): Promise<boolean> {
  return putOnce(db, {
    pk: accountKey(leaseId).pk,
    sk: ledgerSk(entry.at, entry.id),
    entity: 'leaseLedger',
    v: 1,
    leaseId,
    ...entry,
    // The accounting export reads a day's entries of every lease (gsi2, table.ts), never a Scan.
    gsi2pk: ledgerDayPk(entry.at.slice(0, 10)),
    gsi2sk: `${entry.at}#${entry.id}`,
  });
}

export const ledgerDayPk = (day: string) => `LEDGERDAY#${day}`;

/** One page of the ledger entries posted on a day (UTC date of `at`), of every lease, in time order. */
export async function ledgerOnDay(db: Db, day: string, now: Date, cursor?: string) {
  return queryPartition<LedgerItem>(db, { index: 'gsi2', pk: ledgerDayPk(day), cursor, now, limit: 500 });
}

/** The whole ledger, oldest first (a lease holds at most a few hundred entries). */
export async function listLedger(db: Db, leaseId: string, now: Date): Promise<LedgerItem[]> {
  return queryAll<LedgerItem>(db, { pk: accountKey(leaseId).pk, skPrefix: 'LEDGER#', now });
}

export async function putAttempt(db: Db, attempt: AttemptData): Promise<boolean> {
  return putOnce(db, {
    pk: accountKey(attempt.leaseId).pk,
    sk: attemptSk(attempt.installment, attempt.attempt),
    entity: 'paymentAttempt',
    v: 1,
    ...attempt,
  });
}

export async function getAttempt(db: Db, leaseId: string, installment: number, attempt: number, now: Date) {
  return getItem<AttemptItem>(db, { pk: accountKey(leaseId).pk, sk: attemptSk(installment, attempt) }, now);
}

export async function listAttempts(db: Db, leaseId: string, now: Date): Promise<AttemptItem[]> {
  return queryAll<AttemptItem>(db, { pk: accountKey(leaseId).pk, skPrefix: 'ATTEMPT#', now });
}

/** Files an installment (or its retry) under its due date; a repeat is a no-op. */
export async function putDue(db: Db, date: string, due: DueData): Promise<void> {
  await putOnce(db, {
    pk: duePk(date),
    sk: dueSk(due.leaseId, due.installment, due.attempt),
    entity: 'due',
    v: 1,
    ...due,
  });
}

/** One page of what is due on a lender date. */
export async function dueOn(db: Db, date: string, now: Date, cursor?: string, limit = 100) {
  return queryPartition<DueItem>(db, { pk: duePk(date), cursor, limit, now });
}

// ---------- the sandbox clock's persisted offset ----------

const CLOCK_KEY = { pk: 'SYSTEM#CLOCK', sk: 'OFFSET' };

export interface ClockOffsetItem extends StoredItem {
  entity: 'clockOffset';
  offsetDays: number;
  /** The last lender date whose close of business ran (so a restart resumes from there). */
  closedThrough: string | null;
}

export async function getClockOffset(db: Db, now: Date): Promise<ClockOffsetItem | undefined> {
  return getItem<ClockOffsetItem>(db, CLOCK_KEY, now);
}

export async function saveClockOffset(
  db: Db,
  previous: ClockOffsetItem | undefined,
  offsetDays: number,
  closedThrough: string | null,
): Promise<void> {
  const next = { ...CLOCK_KEY, entity: 'clockOffset', offsetDays, closedThrough, v: previous?.v ?? 0 };
  if (!previous) await createItem(db, next);
  else await saveVersioned(db, previous, { ...next, v: previous.v }, [], { returnItem: false });
}
