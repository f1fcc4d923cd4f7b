import type { PaymentImportRow } from '../../machines/contracts/payment-imports.ts';
import type { Db } from './client.ts';
import { createItem, getItem, saveVersioned, type StoredItem } from './items.ts';

// A previewed payments file (issue 23 item 8), kept until it is posted or expires: `PAYIMPORT#<id>` / `META`, its rows
// in the item (at most PAYMENT_IMPORT_MAX_ROWS short rows, well under the item size limit).

export interface PaymentImportData {
  id: string;
  fileName: string;
  createdBy: string;
  createdAt: string;
  rows: PaymentImportRow[];
  expiresAt?: number;
}

export interface PaymentImportItem extends StoredItem, PaymentImportData {
  entity: 'paymentImport';
  status: 'pending' | 'posted';
}

const key = (id: string) => ({ pk: `PAYIMPORT#${id}`, sk: 'META' });

export async function savePaymentImport(db: Db, data: PaymentImportData): Promise<PaymentImportItem> {
  return (await createItem(db, {
    ...key(data.id),
    entity: 'paymentImport',
    ...data,
    status: 'pending',
  })) as unknown as PaymentImportItem;
}

export const getPaymentImport = (db: Db, id: string, now: Date) => getItem<PaymentImportItem>(db, key(id), now);

/** Saves the import's new status and rows on its version (409 when another request changed it first). */
export const savePaymentImportState = (
  db: Db,
  item: PaymentImportItem,
  change: Pick<PaymentImportItem, 'status' | 'rows'>,
) => saveVersioned<PaymentImportItem>(db, item, { ...item, ...change });
