import { findCustomerBySsn } from '../data/customers.ts';
import { findSsnHistory } from '../data/ssn-history.ts';
import type { Deps } from '../platform/deps.ts';
import { unprocessable } from '../platform/errors.ts';

export async function previousCustomerCheck(deps: Deps, ssn: string) {
  const customer = await findCustomerBySsn(deps.db, deps.crypto, ssn, deps.clock());
  return {
    isPreviousCustomer: Boolean(customer),
    inGoodStanding: customer ? customer.standing !== 'charged-off' : null,
  };
}

export interface PreapprovalAnswer {
  eligible: boolean;
  message?: string;
}

/**
 * Before the applicant and co-applicant are submitted together: they must be two people, neither may owe us from a
 * charged-off lease, and neither may have a contract in progress elsewhere.
 */
export async function preapprovalCustomerCheck(
  deps: Deps,
  ssn: string,
  coapplicantSsn?: string,
): Promise<PreapprovalAnswer> {
  if (coapplicantSsn && coapplicantSsn === ssn) {
    throw unprocessable({
      coapplicant_ssn: [
        'The co-applicant must be another person: their social security number is the same as the applicant\u2019s.',
      ],
    });
  }
  const now = deps.clock();
  for (const person of [ssn, coapplicantSsn].filter((s): s is string => Boolean(s))) {
    const { customer, applications } = await findSsnHistory(deps.db, deps.crypto, { ssn: person }, now);
    if (customer?.standing === 'charged-off') return { eligible: false, message: 'unable to approve at this time' };
    if (applications.some((a) => (a.flows as { contractInProgress?: boolean } | undefined)?.contractInProgress)) {
      return {
        eligible: false,
        message: 'You currently have a contract in progress. Please contact customer service for assistance.',
      };
    }
  }
  return { eligible: true };
}
