import type { ConsentRecordView } from '../../machines/contracts/consents.ts';
import { loadLeaseFor, type StaffCtx } from './leases/actions.ts';
import { consentPdf, listConsents } from './consents.ts';

// Staff side of the consent record (route group 'staff-consents'): the application's entries as JSON and as a PDF
// for a regulator or a dispute. The record is loaded through the lease operations' loader, which also checks the
// staff user's tenant (stores and retailers) and audits a refusal.

export async function staffConsents(c: StaffCtx, uuid: string): Promise<ConsentRecordView> {
  await loadLeaseFor(c, uuid, 'application');
  return { uuid, entries: await listConsents(c.deps, uuid), pdf_url: `/staff/api/applications/${uuid}/consents.pdf` };
}

export async function staffConsentsPdf(c: StaffCtx, uuid: string): Promise<{ pdf: Uint8Array; name: string }> {
  await loadLeaseFor(c, uuid, 'application');
  return { pdf: await consentPdf(c.deps, uuid, c.lang), name: `consents-${uuid}.pdf` };
}
