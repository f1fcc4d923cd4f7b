import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldCrypto } from '../platform/field-crypto.ts';
import type { Db } from './client.ts';
import { getItem, isConditionFailure, putItem, type StoredItem } from './items.ts';

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
  /** The funded leases (application uuids): a set, so recording one lease twice counts it once. */
  leaseIds?: Set<string>;
}

export const CUSTOMER_SSN_SORT = '~CUSTOMER';

const customerKey = (index: string) => ({ pk: `CUSTOMER#${index}`, sk: 'CUSTOMER' });

export async function findCustomerBySsn(
  db: Db,
  crypto: FieldCrypto,
  ssn: string,
  now: Date,
): Promise<CustomerRecord | undefined> {
  const item = await getItem<CustomerItem>(db, customerKey(await crypto.blindIndex('ssn', ssn)), now);
  return item && customerOf(item);
}

export function customerOf(item: CustomerItem): CustomerRecord {
  const { standing, since, lastLeaseAt } = item;
  return { standing, leases: item.leaseIds?.size ?? item.leases ?? 0, since, ...(lastLeaseAt ? { lastLeaseAt } : {}) };
}

/**
 * A funded lease makes its lessee a customer (or counts one more lease): the lease id is added to the customer's set,
 * so a repeated or late event changes nothing, whatever the order. A new customer starts in good standing; an existing
 * standing is kept (a charge-off is not washed out by a new lease). `lastLeaseAt` only moves forward.
 */
export async function recordCustomerLease(
  db: Db,
  crypto: FieldCrypto,
  ssn: string,
  lease: { id: string; fundedAt: string },
): Promise<void> {
  const index = await crypto.blindIndex('ssn', ssn);
  const update = (withLastLease: boolean) =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(index),
        UpdateExpression:
          'SET #entity = :entity, #v = if_not_exists(#v, :one), #gpk = :gpk, #gsk = :gsk, #since = if_not_exists(#since, :at), #standing = if_not_exists(#standing, :good)' +
          (withLastLease ? ', #last = :at' : '') +
          ' ADD #ids :ids',
        ...(withLastLease ? { ConditionExpression: 'attribute_not_exists(#last) OR #last < :at' } : {}),
        ExpressionAttributeNames: {
          '#entity': 'entity',
          '#v': 'v',
          '#gpk': 'gsi2pk',
          '#gsk': 'gsi2sk',
          '#since': 'since',
          '#standing': 'standing',
          '#ids': 'leaseIds',
          ...(withLastLease ? { '#last': 'lastLeaseAt' } : {}),
        },
        ExpressionAttributeValues: {
          ':entity': 'customer',
          ':one': 1,
          ':gpk': `SSN#${index}`,
          ':gsk': CUSTOMER_SSN_SORT,
          ':at': lease.fundedAt,
          ':good': 'good',
          ':ids': new Set([lease.id]),
        },
      }),
    );
  try {
    await update(true);
  } catch (error) {
    // A later lease is already recorded: add this one without moving its date back.
    if (!isConditionFailure(error)) throw error;
    await update(false);
  }
}

export async function putCustomer(db: Db, crypto: FieldCrypto, ssn: string, record: CustomerRecord): Promise<void> {
  const index = await crypto.blindIndex('ssn', ssn);
  await putItem(db, {
    ...customerKey(index),
    entity: 'customer',
    v: 1,
    gsi2pk: `SSN#${index}`,
    gsi2sk: CUSTOMER_SSN_SORT,
    ...record,
  });
}
