import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../functions/data/client.ts';
import { ensureTable, startDynalite } from '../../functions/local/dynalite.ts';

/** A fresh dynalite with the real table, for data-layer tests. */
export async function freshDb(): Promise<{ db: Db; endpoint: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lto-db-'));
  const server = await startDynalite(dir);
  await ensureTable(server.endpoint, 'test-table');
  const db = createDb({ tableName: 'test-table', endpoint: server.endpoint });
  return {
    db,
    endpoint: server.endpoint,
    stop: async () => {
      db.doc.destroy();
      await server.stop();
    },
  };
}
