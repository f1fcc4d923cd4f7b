import type { Db } from './client.ts';
import { deleteItem, getItem, putItem, type StoredItem } from './items.ts';

// Phone numbers that replied STOP (issue 22, reminders): one item per number, keyed by the number's keyed HMAC
// (pk SMSOPTOUT#<hmac>), so the list holds no phone number. START removes it. Read before every SMS we choose to send.

interface OptOutItem extends StoredItem {
  entity: 'smsOptOut';
  at: string;
}

const optOutKey = (phoneHash: string) => ({ pk: `SMSOPTOUT#${phoneHash}`, sk: 'OPTOUT' });

export async function isOptedOut(db: Db, phoneHash: string, now: Date): Promise<boolean> {
  return Boolean(await getItem<OptOutItem>(db, optOutKey(phoneHash), now));
}

export async function recordOptOut(db: Db, phoneHash: string, now: Date): Promise<void> {
  await putItem(db, { ...optOutKey(phoneHash), entity: 'smsOptOut', v: 1, at: now.toISOString() });
}

export async function clearOptOut(db: Db, phoneHash: string): Promise<void> {
  await deleteItem(db, optOutKey(phoneHash));
}
