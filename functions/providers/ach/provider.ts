import { providerFactory } from '../wiring.ts';
import { sandboxAch } from './sandbox.ts';

/** ACH debits: the sandbox processor (a real ODFI adapter plugs in here). */
export const achProvider = providerFactory<'ach'>((ctx) => sandboxAch(ctx));
