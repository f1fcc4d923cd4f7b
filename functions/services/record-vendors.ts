import { sandboxCardVault } from '../providers/card-vault/sandbox.ts';
import { sandboxEsign } from '../providers/esign/sandbox.ts';
import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';

// Test mode: a checkout made with a test API token (livemode false) reaches the sandbox vendors only, even where the
// process is configured with a real one (ESIGN_PROVIDER=docusign, CARD_VAULT_PROVIDER=stripe). Live records use the
// configured vendors. Locally and in tests every vendor is a sandbox unless configured, so both modes meet the same
// sandboxes there; the difference shows only where a real vendor is configured.

export type CheckoutVendors = Pick<Providers, 'esign' | 'cardVault'>;

const sandboxes = new WeakMap<Providers, Partial<CheckoutVendors>>();

/** The checkout vendors a record may reach (each built on first use, as the process's own providers are). */
export function checkoutVendorsFor(deps: Deps, record: { livemode?: boolean }): CheckoutVendors {
  const vendors = deps.config.checkoutVendors;
  if (record.livemode !== false || !(vendors.esign.docusign || vendors.cardVault.stripe)) return deps.providers;
  let built = sandboxes.get(deps.providers);
  if (!built) sandboxes.set(deps.providers, (built = {}));
  const cache = built;
  const base = { db: deps.db, clock: deps.clock, config: deps.config, log: deps.log };
  return {
    get esign() {
      return vendors.esign.docusign ? (cache.esign ??= sandboxEsign(base)) : deps.providers.esign;
    },
    get cardVault() {
      return vendors.cardVault.stripe ? (cache.cardVault ??= sandboxCardVault(base)) : deps.providers.cardVault;
    },
  };
}

/** The card vault's name for a record (the payment screen's `gateway`). */
export const cardVaultNameFor = (deps: Deps, record: { livemode?: boolean }) =>
  record.livemode === false ? 'sandbox' : deps.config.checkoutVendors.cardVault.provider;
