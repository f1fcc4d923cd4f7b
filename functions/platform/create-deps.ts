import { ALL_PROVIDERS } from '../providers/all.ts';
import { lazyProviders } from '../providers/wiring.ts';
import { createBaseDeps } from './base-deps.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';

/**
 * Dependencies with every third party, for a process that serves every route group (`npm start`, tests, benchmarks).
 * Each provider picks its real vendor or its sandbox from the config (BANK_LINK_PROVIDER, ESIGN_PROVIDER, ...) and is
 * built on first use. A Lambda function builds only its group's providers instead (functions/http/lambda-deps.ts).
 */
export function createDeps(config: Config, overrides: Partial<Deps> = {}): Deps {
  const base = createBaseDeps(config, overrides);
  return { ...base, providers: overrides.providers ?? lazyProviders(base, ALL_PROVIDERS, 'this process') };
}
