import { sandboxCardVault } from '../providers/card-vault/sandbox.ts';
import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';
import { needsSandbox } from './record-vendors.ts';

// The card vault of a checkout by its mode: a test checkout (livemode false) is charged by the sandbox vault only,
// even where Stripe is configured (functions/services/record-vendors.ts explains the modes).

const sandboxes = new WeakMap<Providers, Providers['cardVault']>();

export function cardVaultFor(deps: Deps, record: { livemode?: boolean }): Providers['cardVault'] {
  if (!needsSandbox(record, Boolean(deps.config.checkoutVendors.cardVault.stripe))) return deps.providers.cardVault;
  let sandbox = sandboxes.get(deps.providers);
  if (!sandbox)
    sandboxes.set(
      deps.providers,
      (sandbox = sandboxCardVault({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log })),
    );
  return sandbox;
}

/** The card vault's name for a record (the payment screen's `gateway`). */
export const cardVaultNameFor = (deps: Deps, record: { livemode?: boolean }) =>
  record.livemode === false ? 'sandbox' : deps.config.checkoutVendors.cardVault.provider;
