import { sandboxCardVault } from '../providers/card-vault/sandbox.ts';
import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';
import { needsSandbox, sandboxPerProviders } from './record-vendors.ts';

// The card vault of a checkout by its mode: a test checkout (livemode false) is charged by the sandbox vault only,
// even where Stripe is configured (functions/services/record-vendors.ts explains the modes).

const cardVaultSandbox = sandboxPerProviders<Providers['cardVault']>(sandboxCardVault);

export function cardVaultFor(deps: Deps, record: { livemode?: boolean }): Providers['cardVault'] {
  return needsSandbox(record, Boolean(deps.config.checkoutVendors.cardVault.stripe))
    ? cardVaultSandbox(deps)
    : deps.providers.cardVault;
}

/** The card vault's name for a record (the payment screen's `gateway`). */
export const cardVaultNameFor = (deps: Deps, record: { livemode?: boolean }) =>
  record.livemode === false ? 'sandbox' : deps.config.checkoutVendors.cardVault.provider;
