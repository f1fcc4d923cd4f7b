import { sandboxEsign } from '../providers/esign/sandbox.ts';
import type { Providers } from '../providers/providers.ts';
import type { Deps } from '../platform/deps.ts';
import { sandboxedPort } from './sandboxed-port.ts';

// The e-sign vendor of a checkout by its mode (functions/services/sandboxed-port.ts explains the modes). One module
// per port, so a route group's bundle holds only the sandboxes of the ports it names.

/** The e-sign vendor a checkout may reach. */
export const esignFor = (deps: Deps, record: { livemode?: boolean }): Providers['esign'] =>
  sandboxedPort(deps, record, 'esign', Boolean(deps.config.checkoutVendors.esign.docusign), sandboxEsign);
