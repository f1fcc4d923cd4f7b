import type { Deps } from '../platform/deps.ts';
import { applyBankLinkCallback } from './bank-link.ts';
import { recordVendorStatus, type VendorStatus } from '../providers/bank-link/inbound.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';

const STATUS: Record<string, string> = {
  'profile.connected': 'connected',
  'profile.deleted': 'deleted',
  'session.failed': 'failed',
  'ach.ready': 'ach-ready',
};

/**
 * Consumer of bank-link callbacks (after signature check and dedupe, functions/providers/bank-link/inbound.ts).
 *
 * What it does now: records the vendor-side status of the object (VENDORSTATUS#bank-link#<objectId>: 'connected',
 * 'deleted', 'failed' or 'ach-ready', with the applicant id when the vendor gives it), which any function instance
 * can read with getVendorStatus().
 *
 * Extension point (wired by the flows' server side): after recording, load the application of
 * `status.data.applicantId`, and apply `{ type: 'bank.profile.check' }` to its persisted bank-link snapshot with
 * `transition(bankLinkMachine, snapshot, event)`; the shopper's own polling (check-profile every 10 s) still works
 * without it, so a lost callback only delays the flow.
 */
export async function onBankLinkEvent(deps: Deps, event: VendorEvent): Promise<VendorStatus> {
  const applicantId = typeof event.data.applicant_id === 'string' ? event.data.applicant_id : undefined;
  const status = await recordVendorStatus(deps, 'bank-link', event, STATUS[event.type] ?? event.type, {
    ...(applicantId ? { applicantId } : {}),
    ...(typeof event.data.institution === 'string' ? { institution: event.data.institution } : {}),
  });
  // Wired: the callback becomes an event on the application's persisted bank-link flow (functions/services/bank-link.ts).
  const applied = await applyBankLinkCallback(deps, event);
  deps.log.info('bank-link callback applied to flow', { eventId: event.id, type: event.type, outcome: applied });
  return status;
}
