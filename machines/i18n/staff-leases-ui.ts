import type { MessageArea } from './types.ts';

// Staff portal screens of lease operations (applications, leases, contracts, queue, checkouts, payments, dashboard).
export const staffLeasesUi: MessageArea = {
  en: {},
  es: {},
};
