import {
  createAccount,
  putDue,
  type LeaseAccountData,
  type StoredInstallment,
} from '../../functions/data/servicing.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import { openedStatus } from '../../functions/services/servicing/account-state.ts';
import { LENDER_TIME_ZONE } from '../../functions/services/servicing/clock.ts';
import { initialSummary } from '../../functions/services/servicing/account-figures.ts';
import { addDays } from '../../machines/domain/payment-frequency.ts';

// Lease accounts made straight in storage (what opening at funding writes), for the crash test and the benchmark:
// monthly schedules whose installment 2 is due on `date`, paid by a bank account on file with autopay on.

export const seedLeaseId = (prefix: string, i: number) =>
  `${prefix.padStart(8, '0').slice(0, 8)}-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A monthly lease account whose installment 2 is due on `date` (installment 1 prepaid), as opening at funding makes it. */
export function seededAccountData(
  leaseId: string,
  date: string,
  options: { storeId?: string; paymentMethod?: LeaseAccountData['paymentMethod'] } = {},
): LeaseAccountData {
  const schedule: StoredInstallment[] = Array.from({ length: 12 }, (_, i) => ({
    number: i + 1,
    dueDate: addDays(date, (i - 1) * 30),
    amountCents: 5_210,
    prepaid: i === 0,
  }));
  return {
    leaseId,
    checkoutId: null,
    storeId: options.storeId ?? 'bench-store',
    retailerId: 'bench-retailer',
    state: 'TX',
    timeZone: LENDER_TIME_ZONE,
    language: 'en',
    frequency: 'monthly',
    leaseBeginsAt: addDays(date, -30),
    termMonths: 12,
    totalPaymentCents: 5_210 * 12,
    cashPriceCents: 30_000,
    epoFeeCents: 0,
    epoDays: 90,
    remainingPaymentsPercent: 60,
    openedAt: new Date(0).toISOString(),
    tranches: [],
    schedule,
    status: openedStatus(leaseId),
    statusName: 'current',
    paymentMethod: options.paymentMethod ?? null,
    autopay: Boolean(options.paymentMethod),
    summary: initialSummary(schedule, 5_210 * 12),
    attempts: {},
    applied: [],
    closedThrough: null,
    updatedAt: new Date(0).toISOString(),
  };
}

export async function seedAccounts(
  deps: Pick<Deps, 'db' | 'crypto'>,
  options: { prefix: string; count: number; date: string; accountNumber?: string; concurrency?: number },
): Promise<string[]> {
  const routing = await deps.crypto.encrypt('011000015');
  const account = await deps.crypto.encrypt(options.accountNumber ?? '000111111116');
  const ids = Array.from({ length: options.count }, (_, i) => seedLeaseId(options.prefix, i));
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const leaseId = ids[next++]!;
      await putDue(deps.db, options.date, { leaseId, installment: 2, attempt: 1, amountCents: 5_210 });
      await createAccount(
        deps.db,
        seededAccountData(leaseId, options.date, {
          paymentMethod: {
            kind: 'bank',
            routingNumber: routing,
            accountNumber: account,
            last4: (options.accountNumber ?? '000111111116').slice(-4),
            authorizedAt: new Date(0).toISOString(),
          },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return ids;
}
