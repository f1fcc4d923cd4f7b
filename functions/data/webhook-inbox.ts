import type { Db } from './client.ts';
import { createItem, deleteItem } from './items.ts';
import { AppError } from '../platform/errors.ts';

/**
 * Handles a vendor callback at most once per event id: a dedupe item (WEBHOOKIN#<vendor>#<eventId>) is claimed with
 * attribute_not_exists before handling; when handling fails it is released, so the vendor's retry is processed.
 */
export async function processOnce(
  db: Db,
  options: { vendor: string; eventId: string; now: Date; keepSeconds: number; record?: Record<string, unknown> },
  handle: () => Promise<void>,
): Promise<'processed' | 'duplicate'> {
  const key = { pk: `WEBHOOKIN#${options.vendor}#${options.eventId}`, sk: 'WEBHOOKIN' };
  try {
    await createItem(db, {
      ...key,
      entity: 'inboundWebhook',
      vendor: options.vendor,
      receivedAt: options.now.toISOString(),
      expiresAt: Math.floor(options.now.getTime() / 1000) + options.keepSeconds,
      ...(options.record ?? {}),
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return 'duplicate';
    throw error;
  }
  try {
    await handle();
  } catch (error) {
    await deleteItem(db, key).catch(() => undefined);
    throw error;
  }
  return 'processed';
}
