import { providerFactory } from '../wiring.ts';
import { sandboxBureau } from './sandbox.ts';

/** Credit bureau score: the sandbox, deciding by SSN. */
export const bureauProvider = providerFactory<'bureau'>(() => sandboxBureau());
