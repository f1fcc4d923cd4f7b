import type { Deps } from '../platform/deps.ts';
import { applyPayrollCallback } from './payroll.ts';
import { recordVendorStatus, type VendorStatus } from '../providers/bank-link/inbound.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';

/**
 * Consumer of payroll callbacks. Records the session's vendor-side status (VENDORSTATUS#payroll#<objectId>):
 * 'completed' (with monthlyIncomeCents and employerName when the vendor sends them) or 'failed' (with the reason).
 * With Argyle the object is Argyle's user id (its webhooks name the user), with the sandbox the session id.
 *
 * Extension point: the flows' server side adds, after recording, the re-decision of the application (verified
 * income -> approval) and stores `result.payroll.result`, which POST /api/v1/payroll/{application_id}/refresh
 * returns; until then refresh reads getResult() from the port.
 */
export async function onPayrollEvent(deps: Deps, event: VendorEvent): Promise<VendorStatus> {
  const d = event.data;
  const recorded = await recordVendorStatus(
    deps,
    'payroll',
    event,
    event.type === 'session.completed' ? 'completed' : 'failed',
    {
      ...(typeof d.monthlyIncomeCents === 'number' ? { monthlyIncomeCents: d.monthlyIncomeCents } : {}),
      ...(typeof d.employerName === 'string' ? { employerName: d.employerName } : {}),
      ...(typeof d.reason === 'string' ? { reason: d.reason } : {}),
      ...(typeof d.application_id === 'string' ? { applicationId: d.application_id } : {}),
      ...(typeof d.user === 'string' ? { vendorUserId: d.user } : {}),
    },
  );
  // Wired: the finished session re-decides the application and completes its payroll flow.
  const applied = await applyPayrollCallback(deps, event);
  deps.log.info('payroll callback applied to flow', { eventId: event.id, type: event.type, outcome: applied });
  return recorded;
}
