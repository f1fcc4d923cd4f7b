import type { FieldCrypto } from '../platform/field-crypto.ts';
import type { ApplicationMeta } from './applications.ts';
import type { Db } from './client.ts';
import { CUSTOMER_SSN_SORT, customerOf, type CustomerItem, type CustomerRecord } from './customers.ts';
import { queryPartition, type StoredItem } from './items.ts';

// What an SSN has done with us, for the decision and the co-applicant pre-check: its customer record and its latest
// applications, from one Query of gsi2 (SSN#<hmac(ssn)>), newest first. The customer item sorts after every
// application (CUSTOMER_SSN_SORT) so it comes first. Only the applications' meta is read: their PII stays sealed.

export interface SsnHistory {
  customer?: CustomerRecord;
  /** The latest applications of the SSN as main applicant (at most `limit`), newest first. */
  applications: ApplicationMeta[];
}

type HistoryItem = (StoredItem & { entity: 'application'; meta: ApplicationMeta }) | CustomerItem;

/**
 * `who`: the SSN, or the partition an application is indexed under (functions/data/applications.ts ssnPartitionOf),
 * which spares computing the MAC (a KMS call in AWS).
 */
export async function findSsnHistory(
  db: Db,
  crypto: FieldCrypto,
  who: { ssn: string } | { partition: string },
  now: Date,
  limit = 20,
): Promise<SsnHistory> {
  const page = await queryPartition<HistoryItem>(db, {
    index: 'gsi2',
    pk: 'partition' in who ? who.partition : `SSN#${await crypto.blindIndex('ssn', who.ssn)}`,
    descending: true,
    limit: limit + 1,
    attributes: ['entity', 'meta', 'standing', 'leases', 'leaseIds', 'since', 'lastLeaseAt'],
    now,
  });
  const history: SsnHistory = { applications: [] };
  for (const item of page.items) {
    if (item.entity === 'customer' && item.gsi2sk === CUSTOMER_SSN_SORT) history.customer = customerOf(item);
    else if (item.entity === 'application' && history.applications.length < limit) history.applications.push(item.meta);
  }
  return history;
}
