import { sandboxEsign } from '../providers/esign/sandbox.ts';
import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';

// Test mode: a checkout made with a test API token (livemode false) reaches the sandbox vendors only, even where the
// process is configured with a real one (ESIGN_PROVIDER=docusign here, CARD_VAULT_PROVIDER=stripe in
// record-card-vault.ts). Live records use the configured vendors. Locally and in tests every vendor is a sandbox
// unless configured, so both modes meet the same sandboxes there. One module per port, so a route group's bundle
// holds only the sandboxes of the ports it names.

/** True when a test record must not reach the configured vendor of this port. */
export const needsSandbox = (record: { livemode?: boolean }, realConfigured: boolean) =>
  record.livemode === false && realConfigured;

const sandboxes = new WeakMap<Providers, Providers['esign']>();

/** The e-sign vendor a checkout may reach. */
export function esignFor(deps: Deps, record: { livemode?: boolean }): Providers['esign'] {
  if (!needsSandbox(record, Boolean(deps.config.checkoutVendors.esign.docusign))) return deps.providers.esign;
  let sandbox = sandboxes.get(deps.providers);
  if (!sandbox)
    sandboxes.set(
      deps.providers,
      (sandbox = sandboxEsign({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log })),
    );
  return sandbox;
}
