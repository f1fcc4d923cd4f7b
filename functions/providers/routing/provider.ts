import { providerFactory } from '../wiring.ts';
import { sandboxRoutingLookup } from './sandbox.ts';

/** Bank routing-number lookup: the sandbox's table of real routing numbers. */
export const routingProvider = providerFactory<'routing'>(() => sandboxRoutingLookup());
