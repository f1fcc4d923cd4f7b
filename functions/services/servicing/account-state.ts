import {
  applyAccountEvent,
  initialLeaseAccount,
  LEASE_ACCOUNT_MACHINE_NAME,
  leaseAccountSnapshotAt,
  machineVersion,
  persistLeaseAccount,
  type AccountFacts,
  type LeaseAccountContext,
  type LeaseAccountEvent,
  type LeaseAccountSnapshot,
  type LeaseAccountState,
} from '../../../machines/lease-account/lease-account.machine.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import type { AccountSummary, LeaseAccountData } from '../../data/servicing.ts';

// The account's life is the lease-account machine (machines/lease-account): the account item persists its snapshot as
// `{ machine, machineVersion, snapshot: { value, context } }` and every change is applied with the machine's pure
// `transition` (applyAccountEvent), a refusal carrying the machine's own reason. This file only adapts: the stored
// shape to and from the snapshot, the summary to the facts the machine's guards read, and the machine's state names
// to the API's status names (current, pastDue, ...), which the webhooks and views already publish.

export const ACCOUNT_STATUSES = [
  'current',
  'pastDue',
  'paidOut',
  'purchasedEarly',
  'returned',
  'chargedOff',
  'settled',
] as const;
export type AccountStatusName = (typeof ACCOUNT_STATUSES)[number];

export const ENDED: ReadonlySet<AccountStatusName> = new Set([
  'paidOut',
  'purchasedEarly',
  'returned',
  'chargedOff',
  'settled',
]);
export const OWNED: ReadonlySet<AccountStatusName> = new Set(['paidOut', 'purchasedEarly']);

export type StoredAccountStatus = LeaseAccountData['status'];

interface StoredSnapshot {
  value: LeaseAccountState;
  context: LeaseAccountContext;
}

/** The facts the machine's guards read, from the account's summary (rent alone decides ownership). */
export const factsOf = (
  account: Pick<LeaseAccountData, 'totalPaymentCents'>,
  summary: Pick<AccountSummary, 'daysPastDue' | 'pastDueCents' | 'rentPaidCents'>,
): AccountFacts => ({
  daysPastDue: summary.daysPastDue,
  pastDueCents: summary.pastDueCents,
  remainingToOwnershipCents: Math.max(0, account.totalPaymentCents - summary.rentPaidCents),
});

const stored = (state: LeaseAccountState, context: LeaseAccountContext): StoredAccountStatus => ({
  machine: LEASE_ACCOUNT_MACHINE_NAME,
  machineVersion,
  snapshot: { value: state, context } satisfies StoredSnapshot,
});

/** A new account's status: the machine's initial snapshot for the lease. */
export function openedStatus(leaseId: string): StoredAccountStatus {
  const initial = initialLeaseAccount({ leaseId });
  return stored(initial.state, initial.context);
}

export function restoreStatus(status: StoredAccountStatus): LeaseAccountSnapshot {
  const snapshot = status.snapshot as StoredSnapshot;
  return leaseAccountSnapshotAt(snapshot.value, snapshot.context);
}

/** The machine state of each API status name (snake case; the customer API's lease statuses use the same names). */
export const STATE_OF_STATUS = {
  current: 'current',
  pastDue: 'past_due',
  paidOut: 'paid_out',
  purchasedEarly: 'purchased_early',
  returned: 'returned',
  chargedOff: 'charged_off',
  settled: 'settled',
} as const satisfies Record<AccountStatusName, LeaseAccountState>;

/** The API's status name of a machine state (a reinstated account runs again: current or past due by its facts). */
export function statusNameOf(snapshot: LeaseAccountSnapshot): AccountStatusName {
  const state = snapshot.value;
  switch (state) {
    case 'past_due':
      return 'pastDue';
    case 'paid_out':
      return 'paidOut';
    case 'purchased_early':
      return 'purchasedEarly';
    case 'returned':
      return 'returned';
    case 'charged_off':
      return 'chargedOff';
    case 'settled':
      return 'settled';
    case 'reinstated':
      return snapshot.context.daysPastDue > 0 ? 'pastDue' : 'current';
    default:
      return 'current';
  }
}

export type AccountTransition =
  { ok: true; status: StoredAccountStatus; statusName: AccountStatusName } | { ok: false; message: string };

/** Applies an event through the machine; a refusal is the machine's readable reason in `lang`. */
export function applyToAccount(status: StoredAccountStatus, event: LeaseAccountEvent, lang: Lang): AccountTransition {
  const result = applyAccountEvent(restoreStatus(status), event, lang);
  if (!result.accepted) return { ok: false, message: result.refusal.message };
  const persisted = persistLeaseAccount(result.snapshot);
  return {
    ok: true,
    status: stored(persisted.state, persisted.context),
    statusName: statusNameOf(result.snapshot),
  };
}
