import { getApplication } from '../data/applications.ts';
import { recordCustomerLease } from '../data/customers.ts';
import type { Deps } from '../platform/deps.ts';

// Who has had a lease with us: a funded lease makes its lessees customers (the applicant, and the co-applicant of a
// joint lease), which the decision's previous-customer facts and the co-applicant pre-check then see.

/** Records the funded lease of application `uuid` on each lessee's customer record (idempotent). */
export async function recordFundedLease(
  deps: Pick<Deps, 'db' | 'crypto' | 'clock'>,
  uuid: string,
  fundedAt: string,
): Promise<number> {
  const record = await getApplication(deps.db, deps.crypto, uuid, deps.clock());
  if (!record) return 0;
  const { applicant, has_co_applicant, co_applicant } = record.data;
  const lessees = new Set(
    [applicant?.social_security_number, has_co_applicant ? co_applicant?.social_security_number : undefined].filter(
      (ssn): ssn is string => typeof ssn === 'string' && ssn.length > 0,
    ),
  );
  for (const ssn of lessees) await recordCustomerLease(deps.db, deps.crypto, ssn, { id: uuid, fundedAt });
  return lessees.size;
}
