import { loadConfig } from '../platform/config.ts';
import { createDeps } from '../platform/create-deps.ts';
import type { Deps } from '../platform/deps.ts';

/** Dependencies of a Lambda container, from its environment. */
export const lambdaDeps = async (): Promise<Deps> => createDeps(loadConfig());
