import { providerFactory } from '../wiring.ts';
import { sandboxCardVault } from './sandbox.ts';
import { stripeCardVault } from './stripe.ts';

/** Card vault: Stripe when CARD_VAULT_PROVIDER=stripe, else the sandbox. */
export const cardVaultProvider = providerFactory<'cardVault'>((ctx) => {
  const stripe = ctx.config.checkoutVendors.cardVault.stripe;
  return stripe ? stripeCardVault({ ...stripe, clock: ctx.clock }) : sandboxCardVault(ctx);
});
