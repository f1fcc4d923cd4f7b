import type { Db } from './client.ts';
import { createItem, getItem, type StoredItem } from './items.ts';

// A lessee's request to return the merchandise (issue 22), beside the lease account in its partition
// (pk LEASE#<id>, sk RETURNREQUEST): written once (attribute_not_exists), so a second request is refused rather than
// kept twice. The return itself (the lease ended by return) is a ledger entry staff post when the merchandise is back.

export interface ReturnRequestItem extends StoredItem {
  entity: 'returnRequest';
  leaseId: string;
  requestedAt: string;
  reason: string | null;
  lang: 'en' | 'es';
}

const returnKey = (leaseId: string) => ({ pk: `LEASE#${leaseId}`, sk: 'RETURNREQUEST' });

export async function getReturnRequestItem(db: Db, leaseId: string, now: Date) {
  return getItem<ReturnRequestItem>(db, returnKey(leaseId), now);
}

/** 409 (AppError) when a request exists already. */
export async function createReturnRequest(
  db: Db,
  request: Pick<ReturnRequestItem, 'leaseId' | 'requestedAt' | 'reason' | 'lang'>,
): Promise<void> {
  await createItem(db, { ...returnKey(request.leaseId), entity: 'returnRequest', ...request });
}
