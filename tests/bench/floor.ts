import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../functions/data/client.ts';
import { runConcurrently } from './stats.ts';

// The storage floor of a journey: the same database operations as the journey (by kind: GetItem, PutItem,
// UpdateItem, Query...), sent raw on the same client to the same dynalite, with no HTTP, no handler and no domain
// code, run at the journey's concurrency. Its operations per second are what the storage alone can do for that
// mix on this machine now; a journey's efficiency is (journeys/s x operations per journey) / the floor's
// operations per second. Items are about the size of an application aggregate (~1.5 KB).

const PAYLOAD = 'x'.repeat(1500);
const QUERY_PARTITIONS = 16;
const ITEMS_PER_QUERY_PARTITION = 3;

export interface FloorResult {
  /** Raw operations per second of the mix at the concurrency. */
  opsPerSecond: number;
  /** Median time of one raw journey (every operation of the mix, one after another). */
  journeyMedianMs: number;
  /** Process CPU time per raw journey (the client and dynalite share this process). */
  cpuMsPerJourney: number;
  ops: number;
}

/** One operation of each kind DynamoDB answers; kinds we do not model are timed as a PutItem. */
function rawOperation(db: Db, kind: string, tag: string, n: number): Promise<unknown> {
  const pk = `BENCHFLOOR#${tag}`;
  switch (kind) {
    case 'GetItem':
      return db.doc.send(new GetCommand({ TableName: db.tableName, Key: { pk, sk: 'ITEM' }, ConsistentRead: true }));
    case 'Query':
      return db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `BENCHFLOORQ#${n % QUERY_PARTITIONS}` },
          Limit: 20,
        }),
      );
    case 'UpdateItem':
      return db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk, sk: 'ITEM' },
          UpdateExpression: 'SET #d = :d, #v = #v + :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#d': 'data', '#v': 'v' },
          ExpressionAttributeValues: { ':d': `${PAYLOAD}${n}`, ':one': 1 },
        }),
      );
    case 'DeleteItem':
      return db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: { pk: `${pk}#${n}`, sk: 'ITEM' } }));
    default:
      return db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: { pk: `${pk}#${n}`, sk: 'ITEM', entity: 'benchFloor', v: 1, data: PAYLOAD },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
  }
}

async function prepare(db: Db, tags: string[]) {
  await Promise.all(
    tags.map((tag) =>
      db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: { pk: `BENCHFLOOR#${tag}`, sk: 'ITEM', entity: 'benchFloor', v: 1, data: PAYLOAD },
        }),
      ),
    ),
  );
  for (let p = 0; p < QUERY_PARTITIONS; p++) {
    for (let i = 0; i < ITEMS_PER_QUERY_PARTITION; i++) {
      await db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: { pk: `BENCHFLOORQ#${p}`, sk: `ITEM#${i}`, entity: 'benchFloor', v: 1, data: PAYLOAD },
        }),
      );
    }
  }
}

/**
 * Runs `journeys` raw journeys of `mix` (operation kind -> count per journey), `concurrency` at a time, each raw
 * journey's operations one after another in a shuffled order.
 */
export async function storageFloor(
  db: Db,
  mix: Record<string, number>,
  options: { concurrency: number; journeys: number },
): Promise<FloorResult> {
  const kinds = Object.entries(mix).flatMap(([kind, count]) => Array.from({ length: Math.round(count) }, () => kind));
  if (kinds.length === 0) throw new Error('storageFloor: empty operation mix');
  const tags = Array.from({ length: options.concurrency }, () => randomUUID());
  await prepare(db, tags);
  let serial = 0;
  const rawJourney = async (tag: string) => {
    for (const kind of kinds) await rawOperation(db, kind, tag, serial++);
  };
  for (const tag of tags) await rawJourney(tag); // warm-up
  const run = await runConcurrently(tags.length, options.journeys, (worker) => rawJourney(tags[worker]!));
  const times = run.samples.sort((a, b) => a - b);
  const ops = times.length * kinds.length;
  return {
    opsPerSecond: (ops / run.wallMs) * 1000,
    journeyMedianMs: times[Math.floor(times.length / 2)]!,
    cpuMsPerJourney: (run.cpu.user + run.cpu.system) / 1000 / times.length,
    ops,
  };
}

/** Operation counts as text: "9 (GetItem 4, PutItem 3, Query 1, UpdateItem 1)". */
export function describeOps(ops: Record<string, number>, divideBy = 1): string {
  const entries = Object.entries(ops)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  const fmt = (n: number) => (Number.isInteger(n / divideBy) ? String(n / divideBy) : (n / divideBy).toFixed(1));
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return `${fmt(total)} (${entries.map(([k, n]) => `${k} ${fmt(n)}`).join(', ')})`;
}
