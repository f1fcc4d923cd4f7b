import { createDb } from '../data/client.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { FieldCrypto, masterKeyProvider, type KeyProvider } from './field-crypto.ts';
import { kmsKeyProvider } from './kms-keys.ts';
import { loadOrCreateMasterKey } from './local-keys.ts';
import { createLogger } from './logger.ts';

/** Everything but the third parties: what every process needs (a Lambda function, `npm start`, the relay). */
export type BaseDeps = Omit<Deps, 'providers'>;

export function createBaseDeps(config: Config, overrides: Partial<Deps> = {}): BaseDeps {
  const db =
    overrides.db ?? createDb({ tableName: config.tableName, endpoint: config.dynamoEndpoint, region: config.region });
  const clock = overrides.clock ?? (() => new Date());
  let crypto = overrides.crypto;
  if (!crypto) {
    const keys: KeyProvider =
      config.piiKeyArn && config.blindIndexKeyArn
        ? kmsKeyProvider({ keyArn: config.piiKeyArn, macKeyArn: config.blindIndexKeyArn, region: config.region })
        : masterKeyProvider(loadOrCreateMasterKey(config.dataDir));
    crypto = new FieldCrypto(keys);
  }
  const log = overrides.log ?? createLogger(config.logLevel);
  return { config, db, clock, crypto, log };
}
