import { createBaseDeps } from '../platform/base-deps.ts';
import type { Deps } from '../platform/deps.ts';
import { emfMetrics, powertoolsLogger } from '../platform/observability.ts';
import { loadConfigWithSecrets } from '../platform/secrets.ts';
import { publicSiteShell } from '../platform/shopper-shell.ts';
import {
  checkProviderFactories,
  lazyProviders,
  type ProviderFactories,
  type ProviderKey,
} from '../providers/wiring.ts';

/** How a route group's Lambda function builds its dependencies, and which third parties it has. */
export interface LambdaDeps {
  (): Promise<Deps>;
  /** The ports the group's handlers may use; dispatch() gives them only these, wherever they run. */
  readonly providers: readonly ProviderKey[];
}

/**
 * The dependencies of a route group's Lambda function, from its environment: the table, PII crypto, logging and only
 * the third parties named here, each built on first use. Name a port's provider module (functions/providers/<port>/
 * provider.ts) for every port the group's handlers reach; the others are not in the bundle and throw if touched.
 *
 *   export const handler = lambdaHandler(handlers, lambdaDeps({ messaging: messagingProvider }));
 */
export function lambdaDeps(providers: ProviderFactories = {}): LambdaDeps {
  checkProviderFactories(providers, 'lambdaDeps');
  const build = async (): Promise<Deps> => {
    // Vendor keys and callback secrets come from the platform secret (Secrets Manager), read once per cold start.
    const { config, warnings } = await loadConfigWithSecrets();
    // Powertools' structured logs and EMF business metrics: this is the AWS code path only.
    const base = createBaseDeps(config, { log: powertoolsLogger(config.logLevel), metrics: emfMetrics() });
    for (const warning of warnings) base.log.warn(warning);
    return { ...base, providers: lazyProviders(base, providers), shopperShell: publicSiteShell(config.publicUrl) };
  };
  return Object.assign(build, { providers: Object.keys(providers) as ProviderKey[] });
}
