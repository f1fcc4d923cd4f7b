import { sandboxOptions } from '../bank-link/verification-vendors.ts';
import { providerFactory } from '../wiring.ts';
import { personaIdentity } from './persona.ts';
import { createIdentitySandbox } from './sandbox.ts';

/** Identity check: Persona when IDENTITY_PROVIDER=persona, else the sandbox. */
export const identityProvider = providerFactory<'identity'>(
  (ctx) => {
    const messaging = ctx.providers.messaging;
    const vendor = ctx.config.verificationVendors.identity;
    if (vendor.provider === 'persona' && vendor.persona) {
      return personaIdentity({ ...vendor.persona, webhookSecret: vendor.webhookSecret, messaging });
    }
    const { secrets, ...base } = sandboxOptions(ctx, messaging);
    return createIdentitySandbox({ ...base, webhookSecret: secrets.identity }).port;
  },
  ['messaging'],
);
