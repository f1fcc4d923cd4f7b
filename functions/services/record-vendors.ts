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

/** A port's sandbox for test records, built on first use and kept per provider set, as the configured vendors are. */
export function sandboxPerProviders<Port>(
  build: (options: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>) => Port,
): (deps: Deps) => Port {
  const sandboxes = new WeakMap<Providers, Port>();
  return (deps) => {
    let sandbox = sandboxes.get(deps.providers);
    if (!sandbox)
      sandboxes.set(
        deps.providers,
        (sandbox = build({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log })),
      );
    return sandbox;
  };
}

const esignSandbox = sandboxPerProviders<Providers['esign']>(sandboxEsign);

/** The e-sign vendor a checkout may reach. */
export function esignFor(deps: Deps, record: { livemode?: boolean }): Providers['esign'] {
  return needsSandbox(record, Boolean(deps.config.checkoutVendors.esign.docusign))
    ? esignSandbox(deps)
    : deps.providers.esign;
}
