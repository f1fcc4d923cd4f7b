import type { FieldCrypto } from '../platform/field-crypto.ts';
import type { Db } from './client.ts';
import { getItem, putItem, type StoredItem } from './items.ts';

// A customer is someone who has had a lease with us, found only by the keyed blind index of their SSN
// (pk CUSTOMER#<hmac(ssn)>). Written when a lease is funded; read by the previous-customer checks and the decision.
// It is also in gsi2 beside the SSN's applications (SSN#<hmac(ssn)> / CUSTOMER_SSN_SORT, after every APP#<date>, so
// first newest-first): the decision reads both with one Query (functions/data/ssn-history.ts).
export interface CustomerRecord {
  standing: 'good' | 'charged-off' | 'paid-off';
  leases: number;
  since: string;
  lastLeaseAt?: string;
}

export interface CustomerItem extends StoredItem, CustomerRecord {
  entity: 'customer';
}

export const CUSTOMER_SSN_SORT = '~CUSTOMER';

const customerKey = (index: string) => ({ pk: `CUSTOMER#${index}`, sk: 'CUSTOMER' });

export async function findCustomerBySsn(db: Db, crypto: FieldCrypto, ssn: string, now: Date): Promise<CustomerRecord | undefined> {
  const item = await getItem<CustomerItem>(db, customerKey(await crypto.blindIndex('ssn', ssn)), now);
  return item && customerOf(item);
}

export function customerOf(item: CustomerItem): CustomerRecord {
  const { standing, leases, since, lastLeaseAt } = item;
  return { standing, leases, since, ...(lastLeaseAt ? { lastLeaseAt } : {}) };
}

export async function putCustomer(db: Db, crypto: FieldCrypto, ssn: string, record: CustomerRecord): Promise<void> {
  const index = await crypto.blindIndex('ssn', ssn);
  await putItem(db, { ...customerKey(index), entity: 'customer', v: 1, gsi2pk: `SSN#${index}`, gsi2sk: CUSTOMER_SSN_SORT, ...record });
}
