import { sandboxCardVault } from '../providers/card-vault/sandbox.ts';
import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';
import { sandboxedPort } from './sandboxed-port.ts';

// The card vault of a checkout by its mode: a test checkout (livemode false) is charged by the sandbox vault only,
// even where Stripe is configured (functions/services/sandboxed-port.ts explains the modes).

export const cardVaultFor = (deps: Deps, record: { livemode?: boolean }): Providers['cardVault'] =>
  sandboxedPort(deps, record, 'cardVault', Boolean(deps.config.checkoutVendors.cardVault.stripe), sandboxCardVault);

/** The card vault's name for a record (the payment screen's `gateway`). */
export const cardVaultNameFor = (deps: Deps, record: { livemode?: boolean }) =>
  record.livemode === false ? 'sandbox' : deps.config.checkoutVendors.cardVault.provider;
