import type { Deps } from '../platform/deps.ts';
import { applyIdentityCallback } from './identity-check.ts';
import { recordVendorStatus, type VendorStatus } from '../providers/bank-link/inbound.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';

const OUTCOMES: readonly string[] = ['passed', 'failed', 'expired-document'];

/**
 * Consumer of identity-check callbacks. Records the check's vendor-side status (VENDORSTATUS#identity#<checkId>):
 * 'passed', 'failed', 'expired-document' (sandbox), 'completed' / 'declined' ... (a real vendor's own word, which
 * getStatus() maps precisely), or 'expired' when the link ran out.
 *
 * Extension point: the flows' server side adds, after recording, the identity-check machine's event on the
 * application that owns `event.objectId` (the check id kept as `application.intellicheck`), e.g. marking
 * `intellicheck_completed`; until then POST /apply-v2/{identity-check}/verify reads getStatus() when the shopper
 * presses Continue.
 */
export async function onIdentityEvent(deps: Deps, event: VendorEvent): Promise<VendorStatus> {
  let status: string = event.type === 'check.expired' ? 'expired' : 'completed';
  if (typeof event.data.status === 'string' && OUTCOMES.includes(event.data.status)) status = event.data.status;
  else if (typeof event.data.vendor_status === 'string') status = event.data.vendor_status;
  const recorded = await recordVendorStatus(
    deps,
    'identity',
    event,
    status,
    typeof event.data.reference === 'string' ? { reference: event.data.reference } : {},
  );
  // Wired: the finished check becomes the verify event on the application's identity-check flow.
  const applied = await applyIdentityCallback(deps, event);
  deps.log.info('identity callback applied to flow', { eventId: event.id, type: event.type, outcome: applied });
  return recorded;
}
