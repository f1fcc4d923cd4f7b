import type { DisclosureScreen } from '../../../machines/contracts/consents.ts';
import type { CostDisclosure } from '../../../machines/domain/disclosures.ts';
import { api } from '../../lib/api.ts';

// POST /apply-v2/application/disclosures: tells the server which disclosure this screen showed (the server recomputes
// the same choice and keeps both in the application's consent record). Best effort: a failure never blocks the page.

export interface DisclosureReport {
  uuid?: string;
  screen: DisclosureScreen;
  choice?: { leaseAmount: string; option: string; paymentFrequency: string; ocpIncluded: boolean };
  checkout_id?: string;
  shown: CostDisclosure;
}

export function reportDisclosure(report: DisclosureReport): void {
  api('POST', '/apply-v2/application/disclosures', { body: report }).catch(() => undefined);
}
