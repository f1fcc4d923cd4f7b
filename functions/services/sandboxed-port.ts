import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';

// Test mode: a checkout made with a test API token (livemode false) reaches the sandbox vendors only, even where the
// process is configured with a real one (ESIGN_PROVIDER=docusign in record-vendors.ts, CARD_VAULT_PROVIDER=stripe in
// record-card-vault.ts). Live records use the configured vendors. Locally and in tests every vendor is a sandbox
// unless configured, so both modes meet the same sandboxes there. This module names no sandbox: each port's module
// passes its own, so a route group's bundle holds only the sandboxes of the ports it reaches.

/** True when a test record must not reach the configured vendor of this port. */
export const needsSandbox = (record: { livemode?: boolean }, realConfigured: boolean) =>
  record.livemode === false && realConfigured;

const sandboxes = new WeakMap<Providers, Partial<Providers>>();

/**
 * The vendor of `port` a record may reach: the configured one, or (`needsSandbox`) the port's sandbox, made once per
 * set of providers.
 */
export function sandboxedPort<P extends keyof Providers>(
  deps: Deps,
  record: { livemode?: boolean },
  port: P,
  realConfigured: boolean,
  makeSandbox: (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>) => Providers[P],
): Providers[P] {
  if (!needsSandbox(record, realConfigured)) return deps.providers[port];
  let made = sandboxes.get(deps.providers);
  if (!made) sandboxes.set(deps.providers, (made = {}));
  return (made[port] ??= makeSandbox({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log }));
}
