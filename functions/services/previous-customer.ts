import type { Decision, PreviousCustomerFacts } from '../../machines/domain/decision.ts';
import { ssnPartitionOf, type ApplicationRecord, type PreviousCustomerSnapshot } from '../data/applications.ts';
import { findSsnHistory } from '../data/ssn-history.ts';
import type { Deps } from '../platform/deps.ts';

// The applicant's past with us, for the decision (seed decision 17: a previous customer in good standing gets a
// decile more; an open charge-off or a credit denial in the last 30 days knocks out). The facts are read when the
// shopper proves the PIN, the request just before the submit, and kept on the application: the decision then reads
// the session and the application, decides and writes, in two round trips instead of three. Facts older than
// PREVIOUS_CUSTOMER_FACTS_MAX_AGE_MS, or about another SSN than the one stored now, are read again by the decision.

/** How long facts read at the PIN's proof stand in for a fresh read at the decision. */
export const PREVIOUS_CUSTOMER_FACTS_MAX_AGE_MS = 10 * 60_000;

/** The facts of an SSN: its customer record and its latest credit denial other than the application `uuid`. */
export async function previousCustomerFacts(
  deps: Deps,
  who: { ssn: string } | { partition: string },
  uuid: string,
  now: Date,
): Promise<PreviousCustomerFacts> {
  // The customer record and the SSN's applications come from one Query (functions/data/ssn-history.ts).
  const { customer, applications } = await findSsnHistory(deps.db, deps.crypto.forRequest(), who, now);
  // A credit denial counts (code D), not the generic denial of a maxed-out PIN (code G).
  const lastDenied = applications
    .filter((a) => a.uuid !== uuid && a.status === 'denied' && (a.decision as Decision | undefined)?.code === 'D')
    .map((a) => a.decidedAt ?? a.submittedAt)
    .filter((at): at is string => Boolean(at))
    .sort()
    .pop();
  return {
    isPreviousCustomer: Boolean(customer),
    inGoodStanding: customer ? customer.standing !== 'charged-off' : false,
    hasOpenChargeOff: customer?.standing === 'charged-off',
    lastDeniedAt: lastDenied ?? null,
  };
}

/**
 * The facts of an application not yet submitted, read now under the SSN partition it is indexed by, to keep on it
 * (undefined when it is submitted already or has no SSN yet: the decision then reads them itself).
 */
export async function readPreviousCustomerSnapshot(
  deps: Deps,
  record: ApplicationRecord,
  now: Date,
): Promise<PreviousCustomerSnapshot | undefined> {
  const partition = ssnPartitionOf(record);
  if (record.status !== 'draft' || !partition) return undefined;
  const facts = await previousCustomerFacts(deps, { partition }, record.uuid, now);
  return { partition, at: now.toISOString(), facts };
}

/** The facts kept on the application, when they are about its SSN as stored now and recent enough to decide on. */
export function keptPreviousCustomerFacts(record: ApplicationRecord, now: Date): PreviousCustomerFacts | undefined {
  const kept = record.previousCustomer;
  if (!kept || kept.partition !== ssnPartitionOf(record)) return undefined;
  const age = now.getTime() - Date.parse(kept.at);
  return age >= 0 && age <= PREVIOUS_CUSTOMER_FACTS_MAX_AGE_MS ? kept.facts : undefined;
}
