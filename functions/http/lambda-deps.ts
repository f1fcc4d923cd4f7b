import { awsFunctionDeps } from '../platform/aws-function-deps.ts';
import type { Deps } from '../platform/deps.ts';
import { publicSiteShell } from '../platform/shopper-shell.ts';
import { checkProviderFactories, type ProviderFactories, type ProviderKey } from '../providers/wiring.ts';

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
  // Vendor keys and callback secrets come from the platform secret (Secrets Manager), read once per cold start.
  const build = async (): Promise<Deps> => {
    const deps = await awsFunctionDeps(providers);
    return { ...deps, shopperShell: publicSiteShell(deps.config.publicUrl) };
  };
  return Object.assign(build, { providers: Object.keys(providers) as ProviderKey[] });
}
