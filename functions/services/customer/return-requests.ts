import type { Lang } from '../../../machines/i18n/types.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Db } from '../../data/client.ts';
import { getLease, saveLease } from '../../data/leases.ts';
import { createReturnRequest, getReturnRequestItem } from '../../data/return-requests.ts';
import type { LeaseAccountItem } from '../../data/servicing.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, conflict } from '../../platform/errors.ts';

// A lessee starts a return (issue 22): lease-to-own means the lessee may hand the merchandise back at any time and
// owe nothing more after it is back. Starting one records the request (once) and puts it on the lease's timeline for
// staff, who arrange the pickup and post the return when the merchandise is back (the lease then ends as returned).

export interface ReturnRequest {
  requestedAt: string;
  reason: string | null;
}

export async function getReturnRequest(db: Db, leaseId: string, now: Date): Promise<ReturnRequest | undefined> {
  const item = await getReturnRequestItem(db, leaseId, now);
  return item ? { requestedAt: item.requestedAt, reason: item.reason } : undefined;
}

export async function startReturn(
  deps: Deps,
  account: LeaseAccountItem,
  input: { reason: string | null; lang: Lang },
): Promise<void> {
  const now = deps.clock();
  const requestedAt = now.toISOString();
  try {
    await createReturnRequest(deps.db, {
      leaseId: account.leaseId,
      requestedAt,
      reason: input.reason,
      lang: input.lang,
    });
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    const existing = await getReturnRequest(deps.db, account.leaseId, now);
    throw conflict(
      translate(input.lang, 'customer.return.already', { date: existing?.requestedAt.slice(0, 10) ?? '' }),
    );
  }
  // Staff see it on the lease's timeline (best effort: the request itself is recorded above).
  for (let attempt = 0; attempt < 3; attempt++) {
    const lease = await getLease(deps.db, account.leaseId, now);
    if (!lease) return;
    try {
      await saveLease(deps.db, lease, {
        ...lease,
        updatedAt: requestedAt,
        timeline: [
          ...lease.timeline,
          {
            at: requestedAt,
            kind: 'event',
            name: 'lease.return_requested',
            from: null,
            to: null,
            actor: { type: 'shopper', id: null, name: null },
            note: input.reason,
          },
        ],
      });
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }
}
