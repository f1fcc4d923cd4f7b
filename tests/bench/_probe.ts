import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '../../functions/platform/config.ts';
import { createDeps } from '../../functions/platform/create-deps.ts';
import { ensureTable, startDynalite } from '../../functions/local/dynalite.ts';

const ITEMS = Number(process.env.P_ITEMS ?? 20000);
const SIZE = Number(process.env.P_SIZE ?? 1000);
const CONC = Number(process.env.P_CONC ?? 8);
async function main() {
  const dataDir = mkdtempSync(join(process.env.P_DIR ?? tmpdir(), 'probe-'));
  const dynalite = await startDynalite(dataDir);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DYNAMODB_ENDPOINT: dynalite.endpoint, LOG_LEVEL: 'silent', TABLE_NAME: 'bench' });
  await ensureTable(dynalite.endpoint, config.tableName);
  const deps = createDeps(config);
  const row = { a: 'x'.repeat(SIZE - 200), b: 1, c: { d: 'e', f: null }, g: true };
  const t = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(Array.from({ length: CONC }, async () => {
    while (next < ITEMS) {
      const start = next; next += 25;
      const req = Array.from({ length: 25 }, (_, k) => ({ PutRequest: { Item: { pk: `P#${start + k}`, sk: 'LIST#created_at#*', entity: 'listEntry', v: 1, gsi2pk: `LIST#x#created_at#${(start + k) % 10}`, gsi2sk: `2025-${start + k}`, row } } }));
      if (process.env.P_RAW) {
        const { marshall } = await import('@aws-sdk/util-dynamodb');
        const body = JSON.stringify({ RequestItems: { [config.tableName]: req.map((r) => ({ PutRequest: { Item: marshall(r.PutRequest.Item) } })) } });
        const res = await fetch(dynalite.endpoint, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.BatchWriteItem', 'x-amz-date': '20250101T000000Z', authorization: 'AWS4-HMAC-SHA256 Credential=local/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' }, body });
        const out = await res.json() as any; if (res.status !== 200 || Object.keys(out.UnprocessedItems ?? {}).length) throw new Error(JSON.stringify(out));
      } else await deps.db.doc.send(new BatchWriteCommand({ RequestItems: { [config.tableName]: req } }));
    }
  }));
  const ms = performance.now() - t;
  const c = process.cpuUsage(cpu);
  console.log(`items ${ITEMS} size ${SIZE} conc ${CONC}: ${(ITEMS / ms * 1000).toFixed(0)} items/s; cpu user ${(c.user / 1000 / ms * 100).toFixed(0)}% sys ${(c.system / 1000 / ms * 100).toFixed(0)}%`);
  await dynalite.stop();
}
main();
