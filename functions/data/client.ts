import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export function createDb(options: { tableName: string; endpoint?: string; region?: string }): Db {
  const client = new DynamoDBClient({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint
      ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 3 }
      : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { doc, tableName: options.tableName };
}

/** Database operations sent through one client, by DynamoDB operation (GetItem, PutItem, UpdateItem, Query...). */
export interface OperationCounter {
  readonly byOperation: Readonly<Record<string, number>>;
  total(): number;
  /** The counts now, to diff against later (`since`). */
  snapshot(): Record<string, number>;
  since(snapshot: Record<string, number>): Record<string, number>;
}

const counters = new WeakMap<Db['doc'], OperationCounter>();

/**
 * Counts every operation the client sends from now on (the benchmark's operations per journey). A middleware on the
 * client's own stack, added only when asked: a client that is never counted pays nothing. Each logical operation
 * counts once (SDK retries of the same call do not). Calling it again returns the same counter.
 */
export function countOperations(db: Db): OperationCounter {
  const existing = counters.get(db.doc);
  if (existing) return existing;
  const byOperation: Record<string, number> = {};
  db.doc.middlewareStack.add(
    (next, context) => (args) => {
      const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      byOperation[name] = (byOperation[name] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name: 'countOperations', priority: 'high' },
  );
  const counter: OperationCounter = {
    byOperation,
    total: () => Object.values(byOperation).reduce((a, b) => a + b, 0),
    snapshot: () => ({ ...byOperation }),
    since: (before) =>
      Object.fromEntries(
        Object.entries(byOperation)
          .map(([name, n]) => [name, n - (before[name] ?? 0)] as const)
          .filter(([, n]) => n > 0),
      ),
  };
  counters.set(db.doc, counter);
  return counter;
}
