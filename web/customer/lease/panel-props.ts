import type { CustomerLeaseDetail } from '../../../machines/contracts/customer-api.ts';

/** What the lease screen gives each of its action panels: the lease, and where the changed lease goes. */
export interface LeasePanelProps {
  lease: CustomerLeaseDetail;
  onDone: (lease: CustomerLeaseDetail) => void;
}
