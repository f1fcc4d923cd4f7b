import { createBaseDeps } from './base-deps.ts';
import type { Deps } from './deps.ts';
import { emfMetrics, powertoolsLogger } from './observability.ts';
import { loadConfigWithSecrets } from './secrets.ts';
import { lazyProviders, type ProviderFactories } from '../providers/wiring.ts';

/**
 * A Lambda function's dependencies from its environment, for a route group (http/lambda-deps.ts) and for an event or
 * scheduled function (events/event-function-deps.ts) alike: config with the platform secret's vendor keys and
 * callback secrets, the table, PII crypto, and only the third parties named, each built on first use.
 */
export async function awsFunctionDeps(providers: ProviderFactories): Promise<Deps> {
  const { config, warnings } = await loadConfigWithSecrets();
  // Powertools' structured logs and EMF business metrics: this is the AWS code path only.
  const base = createBaseDeps(config, { log: powertoolsLogger(config.logLevel), metrics: emfMetrics() });
  for (const warning of warnings) base.log.warn(warning);
  return { ...base, providers: lazyProviders(base, providers) };
}
