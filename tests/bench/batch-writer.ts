import { batchWriteItems, type StoredItem } from '../../functions/data/items.ts';
import type { Deps } from '../../functions/platform/deps.ts';

/** BatchWrite in 25s, up to 8 batches in flight (functions/data/items.ts `batchWriteItems` retries unprocessed items). */
export function batchWriter(deps: Deps) {
  let batch: Record<string, unknown>[] = [];
  let inFlight: Promise<unknown>[] = [];
  let written = 0;
  const send = (items: Record<string, unknown>[]) =>
    batchWriteItems(
      deps.db,
      items.map((item) => ({ put: item as StoredItem })),
    );
  const flush = async () => {
    if (batch.length) {
      inFlight.push(send(batch));
      written += batch.length;
      batch = [];
    }
    if (inFlight.length >= 8) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  };
  return {
    async put(item: Record<string, unknown>) {
      batch.push(item);
      if (batch.length === 25) await flush();
    },
    async done() {
      await flush();
      await Promise.all(inFlight);
      inFlight = [];
      return written;
    },
  };
}
