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

/**
 * The vendor of `port` a record may reach: the configured one, or (`needsSandbox`) the port's sandbox, made once per
 * set of providers.
 */
export function sandboxedPort<P extends keyof Providers>(
  port: P,
  makeSandbox: (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>) => Providers[P],
) {
  const sandboxes = new WeakMap<Providers, Providers[P]>();
  return (deps: Deps, record: { livemode?: boolean }, realConfigured: boolean): Providers[P] => {
    if (!needsSandbox(record, realConfigured)) return deps.providers[port];
    let sandbox = sandboxes.get(deps.providers);
    if (!sandbox) {
      sandbox = makeSandbox({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log });
      sandboxes.set(deps.providers, sandbox);
    }
    return sandbox;
  };
}

const esignOf = sandboxedPort('esign', sandboxEsign);

/** The e-sign vendor a checkout may reach. */
export const esignFor = (deps: Deps, record: { livemode?: boolean }): Providers['esign'] =>
  esignOf(deps, record, Boolean(deps.config.checkoutVendors.esign.docusign));
