// The English texts of the lease pricing errors. A module of its own: pricing.ts builds its error texts from it in
// every bundle that prices a lease, and the calculator's message area (machines/i18n/calculator.ts) spreads it, so the
// server does not bundle the calculator's whole catalogue to price a lease.

export const LEASE_MESSAGES_EN = {
  'lease.extraDownOptionB': 'Extra down payment cannot be added for an option B contract',
  'lease.maximumForOption': 'Maximum allowed lease for the chosen option is ${max}',
  'lease.minimumTotal': 'Minimum total value for a Lease must be greater than {price}',
  'lease.termNotAllowed': 'Term In Months ({value}) is not in the valid set of options',
  'lease.ocpNotAvailable': 'The protection program is not available for this store',
  'lease.downPaymentTooLow': 'Down payment must be at least ${min}',
  'lease.downPaymentTooHigh': 'Down payment cannot be more than the total cash price of ${max}',
} as const;
