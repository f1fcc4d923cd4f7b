// The verification vendors' shared sandbox options. Each port picks its vendor in its own provider module
// (bank-link/provider.ts, identity/provider.ts, payroll/provider.ts), so a function carries only the vendors it uses.
import type { Db } from '../../data/client.ts';
import type { Config } from '../../platform/config.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MessagingPort } from '../messaging/port.ts';

export interface VerificationVendorContext {
  config: Config;
  db: Db;
  clock: () => Date;
  crypto: FieldCrypto;
  log: Logger;
}

/** The sandboxes' shared options (also used by the sandbox pages, which run the vendor's side). */
export function sandboxOptions(ctx: VerificationVendorContext, messaging: MessagingPort) {
  const vendors = ctx.config.verificationVendors;
  return {
    db: ctx.db,
    clock: ctx.clock,
    messaging,
    // Read at call time: the local server sets publicUrl once it knows its port.
    publicUrl: () => ctx.config.publicUrl,
    latency: vendors.sandboxLatency,
    log: ctx.log,
    secrets: {
      bankLink: vendors.bankLink.webhookSecret,
      identity: vendors.identity.webhookSecret,
      payroll: vendors.payroll.webhookSecret,
    },
  };
}
