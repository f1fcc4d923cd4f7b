import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../../functions/platform/deps.ts';

/** BatchWrite in 25s, up to 8 batches in flight, retrying unprocessed items. */
export function batchWriter(deps: Deps) {
  let batch: Record<string, unknown>[] = [];
  let inFlight: Promise<unknown>[] = [];
  let written = 0;
  const send = async (items: Record<string, unknown>[]) => {
    let request: Record<string, unknown>[] | undefined = items.map((Item) => ({ PutRequest: { Item } }));
    while (request?.length) {
      const out = await deps.db.doc.send(
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by TypeScript 7 (typecheck), not by 6 (lint)
        new BatchWriteCommand({ RequestItems: { [deps.db.tableName]: request as never } }),
      );
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by TypeScript 7 (typecheck), not by 6 (lint)
      request = out.UnprocessedItems?.[deps.db.tableName] as Record<string, unknown>[] | undefined;
    }
  };
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
