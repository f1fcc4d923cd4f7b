import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreView } from '../../machines/contracts/store.ts';
import type { Db } from '../../functions/data/client.ts';
import type { ApplySession } from '../../functions/http/route.ts';
import { hashToken, issueApplyToken } from '../../functions/platform/apply-tokens.ts';
import { loadConfig } from '../../functions/platform/config.ts';
import { createDeps } from '../../functions/platform/create-deps.ts';
import type { Deps } from '../../functions/platform/deps.ts';
import { sandboxBureau } from '../../functions/providers/bureau/sandbox.ts';
import type { OutgoingMessage } from '../../functions/providers/messaging/port.ts';
import type { Providers } from '../../functions/providers/providers.ts';
import { freshDb } from './dynalite.ts';

/**
 * The server's dependencies for a test that calls the services directly: a fresh dynalite table, the sandbox
 * bureau, messages kept in `outbox` (for the PIN they carry), and the test's clock when it moves time.
 */
export async function serviceDeps(
  outbox: OutgoingMessage[],
  clock?: () => Date,
): Promise<{ deps: Deps; stop: () => Promise<void> }> {
  const fresh = await freshDb();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-svc-')),
    LOG_LEVEL: 'silent',
    TABLE_NAME: 'test-table',
  });
  const providers = {
    messaging: { send: async (m: OutgoingMessage) => (outbox.push(m), { id: String(outbox.length) }) },
    bureau: sandboxBureau(),
  } as unknown as Providers;
  const deps = createDeps(config, { db: fresh.db, ...(clock ? { clock } : {}), providers });
  return { deps, stop: fresh.stop };
}

/** A shopper's apply session at `store`, its token issued at `now` for two hours. */
export async function applySessionAt(db: Db, store: StoreView, now: Date): Promise<ApplySession> {
  const base = {
    storeId: store.id,
    retailerId: store.retailer.id,
    storeSlug: store.slug,
    retailerSlug: store.retailer.slug,
    clientId: 'unit-client-1',
  };
  const { token } = await issueApplyToken(db, base, now, 7200);
  return { ...base, tokenHash: hashToken(token) };
}
