import { createDb } from '../data/client.ts';
import { sandboxAddresses } from '../providers/address/sandbox.ts';
import { sandboxMessaging } from '../providers/messaging/sandbox.ts';
import { sandboxRoutingLookup } from '../providers/routing/sandbox.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { FieldCrypto, masterKeyProvider, type KeyProvider } from './field-crypto.ts';
import { kmsKeyProvider } from './kms-keys.ts';
import { loadOrCreateMasterKey } from './local-keys.ts';
import { createLogger } from './logger.ts';

export function createDeps(config: Config, overrides: Partial<Deps> = {}): Deps {
  const db = overrides.db ?? createDb({ tableName: config.tableName, endpoint: config.dynamoEndpoint, region: config.region });
  const clock = overrides.clock ?? (() => new Date());
  const keys: KeyProvider =
    config.piiKeyArn && config.blindIndexKeyArn
      ? kmsKeyProvider({ keyArn: config.piiKeyArn, macKeyArn: config.blindIndexKeyArn, region: config.region })
      : masterKeyProvider(loadOrCreateMasterKey(config.dataDir));
  return {
    config,
    db,
    clock,
    crypto: overrides.crypto ?? new FieldCrypto(keys),
    log: overrides.log ?? createLogger(config.logLevel),
    providers: overrides.providers ?? {
      messaging: sandboxMessaging(db, clock),
      routing: sandboxRoutingLookup(),
      addresses: sandboxAddresses(),
    },
  };
}
