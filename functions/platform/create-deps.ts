import { createDb } from '../data/client.ts';
import { sandboxAddresses } from '../providers/address/sandbox.ts';
import { sandboxBureau } from '../providers/bureau/sandbox.ts';
import { sandboxMessaging } from '../providers/messaging/sandbox.ts';
import { sandboxRoutingLookup } from '../providers/routing/sandbox.ts';
import { withVerificationVendors } from '../providers/bank-link/verification-vendors.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { FieldCrypto, masterKeyProvider, type KeyProvider } from './field-crypto.ts';
import { kmsKeyProvider } from './kms-keys.ts';
import { loadOrCreateMasterKey } from './local-keys.ts';
import { createLogger } from './logger.ts';
import { checkoutVendorPorts } from '../providers/esign/checkout-vendors.ts';

export function createDeps(config: Config, overrides: Partial<Deps> = {}): Deps {
  const db = overrides.db ?? createDb({ tableName: config.tableName, endpoint: config.dynamoEndpoint, region: config.region });
  const clock = overrides.clock ?? (() => new Date());
  const keys: KeyProvider =
    config.piiKeyArn && config.blindIndexKeyArn
      ? kmsKeyProvider({ keyArn: config.piiKeyArn, macKeyArn: config.blindIndexKeyArn, region: config.region })
      : masterKeyProvider(loadOrCreateMasterKey(config.dataDir));
  const crypto = overrides.crypto ?? new FieldCrypto(keys);
  const log = overrides.log ?? createLogger(config.logLevel);
  return {
    config,
    db,
    clock,
    crypto,
    log,
    // Bank link, identity check and payroll: the sandboxes unless a real vendor is configured (BANK_LINK_PROVIDER, ...).
    providers: overrides.providers ?? withVerificationVendors({ config, db, clock, crypto, log }, {
      messaging: sandboxMessaging(db, clock),
      routing: sandboxRoutingLookup(),
      addresses: sandboxAddresses(),
      bureau: sandboxBureau(),
      // E-sign, card vault, retail partner: the sandboxes unless a real vendor is configured (ESIGN_PROVIDER, ...).
      ...checkoutVendorPorts({ config, db, clock, log }),
    }),
  };
}
