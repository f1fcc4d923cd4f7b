import type { FieldCrypto } from '../platform/field-crypto.ts';
import type { Db } from './client.ts';
import { getItem, putItem, type StoredItem } from './items.ts';

// A customer is someone who has had a lease with us, found only by the keyed blind index of their SSN
// (pk CUSTOMER#<hmac(ssn)>). Written when a lease is funded; read by the previous-customer checks and the decision.
export interface CustomerRecord {
  standing: 'good' | 'charged-off' | 'paid-off';
  leases: number;
  since: string;
  lastLeaseAt?: string;
}

interface CustomerItem extends StoredItem, CustomerRecord {
  entity: 'customer';
}

const customerKey = (index: string) => ({ pk: `CUSTOMER#${index}`, sk: 'CUSTOMER' });

export async function findCustomerBySsn(db: Db, crypto: FieldCrypto, ssn: string, now: Date): Promise<CustomerRecord | undefined> {
  const item = await getItem<CustomerItem>(db, customerKey(await crypto.blindIndex('ssn', ssn)), now);
  if (!item) return undefined;
  const { standing, leases, since, lastLeaseAt } = item;
  return { standing, leases, since, ...(lastLeaseAt ? { lastLeaseAt } : {}) };
}

export async function putCustomer(db: Db, crypto: FieldCrypto, ssn: string, record: CustomerRecord): Promise<void> {
  await putItem(db, { ...customerKey(await crypto.blindIndex('ssn', ssn)), entity: 'customer', v: 1, ...record });
}
