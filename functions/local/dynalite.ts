import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createTableInput } from '../data/table.ts';

/** Starts dynalite on loopback with its LevelDB under dataDir/db; returns its endpoint and a stop function. */
export async function startDynalite(dataDir: string): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = dynalite({ path: join(dataDir, 'db'), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** Creates the table from functions/data/table.ts unless it exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existing'> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException')
      throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  // dynalite answers CreateTable before the table (and its indexes) are ACTIVE; writes before that fail.
  for (let i = 0; i < 200; i++) {
    const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesReady = (out.Table?.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE');
    if (out.Table?.TableStatus === 'ACTIVE' && indexesReady) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  client.destroy();
  return 'created';
}
