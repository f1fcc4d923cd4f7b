import { providerFactory } from '../wiring.ts';
import { sandboxAddresses } from './sandbox.ts';

/** Address suggestions and ZIP lookups: the sandbox on the ZIP dataset (loaded on first lookup). */
export const addressesProvider = providerFactory<'addresses'>(() => sandboxAddresses());
