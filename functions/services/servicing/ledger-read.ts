import { listLedger, type LedgerItem } from '../../data/servicing.ts';
import type { Deps } from '../../platform/deps.ts';

// The lease's ledger as stored, for a handler that hands it on to a posting (handlers reach storage only through
// services).
export function ledgerOf(deps: Pick<Deps, 'db' | 'clock'>, leaseId: string): Promise<LedgerItem[]> {
  return listLedger(deps.db, leaseId, deps.clock());
}
